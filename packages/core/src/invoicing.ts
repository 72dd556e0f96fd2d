// Invoicing (facturación electrónica, Chile's SII): document types, statuses, the legal amounts and the receiver's
// fields, shared by the server and the web app (docs/domains/invoicing.md).
import { lineTotal } from "./budgets";
import type { InvoiceReceiver } from "./invoice-schemas";

/** The SII's document type codes this app issues. */
export const DTE_TYPES = [
  { code: 33, name: "Factura electrónica", short: "Factura" },
  { code: 34, name: "Factura no afecta o exenta electrónica", short: "Factura exenta" },
  { code: 39, name: "Boleta electrónica", short: "Boleta" },
  { code: 61, name: "Nota de crédito electrónica", short: "Nota de crédito" },
] as const;
export type DteType = (typeof DTE_TYPES)[number]["code"];
export const DTE_TYPE_CODES = DTE_TYPES.map((t) => t.code);
export const FACTURA = 33;
export const FACTURA_EXENTA = 34;
export const BOLETA = 39;
export const NOTA_CREDITO = 61;
/** What a draft can be made as: a credit note is only made by cancelling an issued document. */
export const DRAFT_DTE_TYPES = [FACTURA, FACTURA_EXENTA, BOLETA] as const;

export function dteTypeName(code: number): string {
  return DTE_TYPES.find((t) => t.code === code)?.short ?? `Tipo ${code}`;
}

/**
 * draft: no folio, editable. sending: a folio is taken and the provider was asked, with no final answer yet (a
 * timeout; retried with the same idempotency key). issued: accepted. rejected: the provider refused it (the reason
 * is kept; the folio stays the document's, a retry sends it again). cancelled: issued, then voided by a credit note.
 */
export const INVOICE_STATUSES = [
  { key: "draft", name: "Borrador", color: "#9e9e9e" },
  { key: "sending", name: "Enviando", color: "#f5c518" },
  { key: "issued", name: "Emitido", color: "#2e9d4f" },
  { key: "rejected", name: "Rechazado", color: "#d32f2f" },
  { key: "cancelled", name: "Anulado", color: "#6d4c41" },
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]["key"];
export const INVOICE_STATUS_KEYS = INVOICE_STATUSES.map((s) => s.key);

export function invoiceStatusName(key: string): string {
  return INVOICE_STATUSES.find((s) => s.key === key)?.name ?? key;
}

/** What a draft says while the company has no provider configured: it has not left the app. */
export const INVOICE_NOT_SENT_TEXT = "Borrador: no enviado al SII. Falta configurar el proveedor de facturación.";

/** Folios left (of one document type, all its ranges) under which the screens warn to upload a new CAF. */
export const FOLIOS_LOW_THRESHOLD = 20;

/** Most lines one document carries (the SII's limit for a DTE's detail is 60). */
export const INVOICE_MAX_LINES = 60;
/** Largest total of one document, in pesos: the columns are integers. */
export const INVOICE_MAX_TOTAL = 2_000_000_000;

export interface InvoiceLineAmount {
  quantity: number;
  unit_price: number;
  discount?: number;
  exempt: boolean;
}

export interface InvoiceAmounts {
  net: number;
  exempt: number;
  iva: number;
  total: number;
}

/**
 * The document's legal amounts. Line prices are what the client pays, IVA included (the SII's "montos brutos": a
 * boleta always, a factura with IndMntBruto), so the total is the sum of the lines and the net is taken out of the
 * affected part: net = round(affected / 1.19), half up, in integer arithmetic (no binary fractions); IVA = affected −
 * net, so net + IVA + exempt is exactly the total. Exempt lines (and every line of a factura exenta) carry no IVA.
 * The database computes the same in the lines' trigger (migration invoicing); a test compares both.
 */
export function invoiceAmounts(lines: readonly InvoiceLineAmount[], dteType: number): InvoiceAmounts {
  let affected = 0;
  let exempt = 0;
  for (const l of lines) {
    const amount = lineTotal({ ...l, discount: l.discount ?? 0 });
    if (l.exempt || dteType === FACTURA_EXENTA) exempt += amount;
    else affected += amount;
  }
  const net = Math.floor((affected * 200 + 119) / 238);
  return { net, exempt, iva: affected - net, total: affected + exempt };
}

/**
 * What a factura needs of its receiver before it is issued (the SII refuses it without them): field -> Spanish message.
 * A boleta needs none (its receiver is the generic 66.666.666-6 unless the client gives a RUT).
 */
export function missingReceiverFields(
  dteType: number,
  r: Pick<InvoiceReceiver, "receiver_rut" | "receiver_name" | "receiver_activity" | "receiver_address">,
  /** A credit note's voided document type: a boleta's note asks no more of its receiver than the boleta did. */
  referencedType: number | null = null,
): Record<string, string> {
  if (dteType === BOLETA || (dteType === NOTA_CREDITO && referencedType === BOLETA)) return {};
  const missing: Record<string, string> = {};
  // The SII's word for whom a document is issued to ('receptor'), whatever the company calls its clients.
  if (!r.receiver_rut) missing.receiver_rut = "Ingresa el RUT del receptor";
  if (!r.receiver_name?.trim()) missing.receiver_name = "Ingresa la razón social del receptor";
  if (!r.receiver_activity?.trim()) missing.receiver_activity = "Ingresa el giro del receptor";
  if (!r.receiver_address?.trim()) missing.receiver_address = "Ingresa la dirección del receptor";
  return missing;
}

/** The client's link to a document's PDF (`GET /client/invoice?token=`). */
export const CLIENT_INVOICE_PATH = "/client/invoice";
/** A shared link opens the PDF for this many days after it was last shared. */
export const INVOICE_LINK_DAYS = 30;

/** 'Factura N° 12', or 'Factura (borrador)' before it has a folio. */
export function invoiceTitle(i: { dte_type: number; folio: number | null }): string {
  return `${dteTypeName(i.dte_type)} ${i.folio === null ? "(borrador)" : `N° ${i.folio}`}`;
}

/** The e-mail the staff member's mail program opens ('Enviar por correo'): a mailto: link carrying the PDF's link. */
export function invoiceMailto(opts: {
  to: string | null;
  dteType: number;
  folio: number | null;
  company: string;
  url: string;
}): string {
  const title = invoiceTitle({ dte_type: opts.dteType, folio: opts.folio });
  const subject = `${title} de ${opts.company}`;
  const body =
    `Estimado(a):\n\nAdjuntamos el enlace a su ${title} emitida por ${opts.company}:\n${opts.url}\n\n` +
    `El enlace estará disponible por ${INVOICE_LINK_DAYS} días.\n\nSaludos cordiales.`;
  return `mailto:${encodeURIComponent(opts.to ?? "")}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
