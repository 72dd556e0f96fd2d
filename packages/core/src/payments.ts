// Payment requests ('cobros', seed 002 sections 2.5, 2.6, 4.3, 9): the list's statuses, the stored filter, and the
// create form's schema, shared by the server and the web app.
import { formatMoney, formatNumber } from "./format";

/** The list's legend and filter: 1 'Pendiente' (yellow), 2 'Pagado' (green). */
export const PAYMENT_STATUSES = [
  { id: 1, name: "Pendiente", color: "#f5c518" },
  { id: 2, name: "Pagado", color: "#2e9d4f" },
] as const;
export type PaymentStatusId = (typeof PAYMENT_STATUSES)[number]["id"];
export const PAYMENT_STATUS_IDS = PAYMENT_STATUSES.map((s) => s.id);
export const PAYMENT_PENDING = 1;
export const PAYMENT_PAID = 2;

/** The user setting (browser storage key) holding the list's status filter, and its default '1,2'. */
export const PAYMENTS_FILTER_KEY = "payments_filter";
export const PAYMENTS_FILTER_DEFAULT: readonly PaymentStatusId[] = [1, 2];

/** The indicator's tooltip (seed 002 section 2.5). */
export function paymentIndicator(p: { status: number; payment_id: string | null }): "paid" | "processing" | "sent" {
  if (p.status === PAYMENT_PAID) return "paid";
  return p.payment_id ? "processing" : "sent";
}
/** A server that takes no payments (no Mercado Pago, test checkout off): creating a request says this (503). */
export const PAYMENTS_OFF_TEXT =
  "Los cobros no están configurados en este servidor: falta configurar Mercado Pago. Avisa al administrador.";

export const PAYMENT_INDICATOR_TEXT = {
  paid: "Pagado",
  processing: "El pago se esta procesando",
  sent: "Cobro enviado",
} as const;

/** Most lines one request carries, and the largest amount a request may ask (integer pesos). */
export const PAYMENT_MAX_LINES = 100;
export const PAYMENT_MAX_TOTAL = 100_000_000;

/** Line total (unit price x quantity), as the database sums it. */
export function paymentLinesTotal(lines: readonly { quantity?: number; unit_price: number }[]): number {
  let total = 0;
  for (const l of lines) total += (l.quantity ?? 1) * l.unit_price;
  return total;
}

export interface PaymentLine {
  title: string;
  description: string | null;
  quantity: number;
  unit_price: number;
}

/**
 * A budget's lines as a payment request's lines (seed 002 section 2.6: quantity, title, description, unit price),
 * summing to the budget's total. A payment line has no discount, so a line's discount goes into its unit price when
 * it divides evenly by the quantity; otherwise the line becomes one unit of its discounted total, and its
 * description says how it was reached. A line of $0 is left out (it adds nothing, and checkouts refuse free items).
 */
export function paymentLinesFromBudget(
  lines: readonly { description: string; quantity: number; unit_price: number; discount: number }[],
): PaymentLine[] {
  return lines.flatMap((l, i): PaymentLine[] => {
    const total = l.quantity * l.unit_price - l.discount;
    if (total <= 0) return [];
    const title = l.description.trim().slice(0, 256) || `Línea ${i + 1}`;
    if (l.discount === 0) return [{ title, description: null, quantity: l.quantity, unit_price: l.unit_price }];
    if (l.discount % l.quantity === 0) {
      return [
        {
          title,
          description: `Incluye descuento de ${formatMoney(l.discount)}`,
          quantity: l.quantity,
          unit_price: l.unit_price - l.discount / l.quantity,
        },
      ];
    }
    const description = `${formatNumber(l.quantity)} × ${formatMoney(l.unit_price)} con descuento de ${formatMoney(l.discount)}`;
    return [{ title, description, quantity: 1, unit_price: total }];
  });
}

/** Where a client opens a payment request's link (`?token=`): the payments page and the WhatsApp 'Link de pago'. */
export const CLIENT_PAYMENT_PATH = "/client/payment";
