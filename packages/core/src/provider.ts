// Supplier pricings and buy orders (seed 000 sections 2.11, 3, 4, 5 and 8): their states and what each allows and
// the page texts. The wire schemas both the server and the supplier's page validate with are in provider-schemas.ts,
// apart, so that a screen that only shows a request's state loads no zod.

export type ProviderKind = "pricing" | "buy_order";
export const PROVIDER_STATUS_CODES = ["pending", "answered", "confirmed", "accepted", "rejected", "cancelled"] as const;
export type ProviderStatusCode = (typeof PROVIDER_STATUS_CODES)[number];

/** An inventory action's type as screens name it. */
export const INVENTORY_ACTION_NAMES: Record<ProviderKind, string> = {
  pricing: "Cotización",
  buy_order: "Orden de compra",
};

/** The statuses each kind can be in (the lists' status filter). */
export const PROVIDER_KIND_STATUSES: Record<ProviderKind, ProviderStatusCode[]> = {
  pricing: ["pending", "answered", "accepted", "rejected", "cancelled"],
  buy_order: ["pending", "confirmed", "cancelled"],
};

/** Where a buy order's receipts stand, from its lines: none, some or every unit received. */
export function receiptState(lines: readonly { ordered: number; received: number }[]): "none" | "partial" | "full" {
  const ordered = lines.reduce((n, l) => n + l.ordered, 0);
  const received = lines.reduce((n, l) => n + l.received, 0);
  return received === 0 ? "none" : received >= ordered ? "full" : "partial";
}
export const RECEIPT_STATE_NAMES = { none: "Sin recibir", partial: "Recibida parcialmente", full: "Recibida" } as const;

export interface ProviderStatus {
  name: string;
  color: string;
  /** A locked status blocks autosave (and sending). */
  locked: boolean;
  /** Finished: 'Finalizado' / the status with its icon once it is not a draft. */
  finish: boolean;
  completed: boolean;
  failed: boolean;
}

/**
 * The states (seed 000 section 4). A pricing is answered (and may be answered again) until the workshop accepts,
 * rejects or cancels it; a buy order is confirmed once. Every finished state is locked: the link is spent for writing.
 */
export const PROVIDER_STATUSES: Record<ProviderStatusCode, ProviderStatus> = {
  pending: { name: "Pendiente", color: "#f5a623", locked: false, finish: false, completed: false, failed: false },
  answered: { name: "Respondida", color: "#1e88e5", locked: false, finish: false, completed: false, failed: false },
  confirmed: { name: "Confirmada", color: "#43a047", locked: true, finish: true, completed: true, failed: false },
  accepted: { name: "Aceptada", color: "#43a047", locked: true, finish: true, completed: true, failed: false },
  rejected: { name: "Rechazada", color: "#e53935", locked: true, finish: true, completed: false, failed: true },
  cancelled: { name: "Anulada", color: "#757575", locked: true, finish: true, completed: false, failed: true },
};

/** What the workshop may move a document to (staff side): a pricing is closed, a buy order only cancelled. */
export type ProviderStaffStatus = "accepted" | "rejected" | "cancelled";
export const PROVIDER_STAFF_STATUSES: Record<ProviderKind, ProviderStaffStatus[]> = {
  pricing: ["accepted", "rejected", "cancelled"],
  buy_order: ["cancelled"],
};

export const PROVIDER_TEXTS = {
  pricingTitle: (n: number) => `Cotización #${n}`,
  buyOrderTitle: (n: number) => `Orden de Compra #${n}`,
  requiredDate: "Fecha requerida para la entrega",
  saving: "Guardando cambios...",
  saved: "Cambios guardados",
  send: "Enviar Cotización",
  resend: "Reenviar Cotización",
  confirm: "Confirmar Orden de Compra",
  // The supplier's page: its client is the workshop that asked, not the workshop's own client.
  sendQuestion: (again: boolean) =>
    // eslint-disable-next-line taller/fixed-term -- the supplier's client, the workshop
    `Esta acción ${again ? "reenviará" : "enviará"} la cotización al cliente. ¿Desea continuar?`,
  // eslint-disable-next-line taller/fixed-term -- the supplier's client, the workshop
  confirmQuestion: "Esta acción confirmará la orden de compra al cliente. ¿Desea continuar?",
  sent: "Cotización enviada con éxito",
  confirmed: "Orden de compra confirmada",
  finished: "Finalizado",
  locked: "Este documento ya no admite cambios",
  notFound: "Documento no encontrado",
  estimatedRequired: "La fecha estimada de entrega es obligatoria",
  warehouseRequired: "La bodega es obligatoria",
  unknownWarehouse: "Bodega no encontrada",
  unknownLine: "Producto no encontrado en esta solicitud",
  noLines: "Debe ofrecer al menos un producto con precio",
  priceRequired: "Indique el precio de cada producto ofrecido",
  receiveOnlyBuyOrders: "Solo se reciben órdenes de compra",
  receiveCancelled: "La orden de compra está anulada",
  receiveNothing: "Indique al menos una cantidad a recibir",
  receiveTooMuch: (left: number) => `No puede recibir más de lo pedido: quedan ${left}`,
  convertOnlyPricings: "Solo una cotización se convierte en orden de compra",
  convertUnanswered: "La cotización aún no tiene la respuesta del proveedor",
  convertClosed: "La cotización está rechazada o anulada",
  convertNothing: "El proveedor no ofreció productos con precio",
} as const;

/** What the supplier may still do, from the state alone (the server checks it under the document's row lock). */
export function providerAbilities(a: { kind: ProviderKind; status: ProviderStatusCode; draft: boolean }) {
  const status = PROVIDER_STATUSES[a.status];
  const blocked = status.locked || (status.finish && !a.draft);
  return {
    /** Autosave. */
    canSave: !blocked,
    /** 'Enviar'/'Reenviar Cotización' or 'Confirmar Orden de Compra'. */
    canSend: !blocked && (a.kind === "pricing" || a.status === "pending"),
    /** 'Finalizado' / the status and its icon instead of the button. */
    showFinished: status.finish && !a.draft,
  };
}

/** How long a supplier's link opens its document. */
export const PROVIDER_LINK_DAYS = 30;

/** What is left to receive of a buy order's line (removed lines: nothing). */
export const leftToReceive = (line: { quantity: number; received_quantity: number; _destroy: boolean }) =>
  line._destroy ? 0 : Math.max(0, line.quantity - line.received_quantity);
