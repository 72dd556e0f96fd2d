import { ADMIN_SETUP_TEXTS } from "./admin-texts";

// The budget rules that need no database: a line's total, the limits of a budget, which status may follow which,
// and the PDF's file name. The database holds the same limits (CHECK constraints, migration `budgets`); these give
// the form its Spanish messages before anything is written.

/** The most a line may amount to before its discount (budget_lines_amount_range): keeps sums inside integer range. */
export const MAX_LINE_AMOUNT = 1_000_000_000;
/** The most lines one budget takes (a form, not an import). */
export const MAX_LINES = 100;
/** A budget's total must fit PostgreSQL's integer. */
export const MAX_BUDGET_TOTAL = 2_000_000_000;

export interface LineInput {
  quantity: number;
  unit_price: number;
  discount: number;
}

/** quantity × unit price − discount, in integer pesos (the database's generated column computes the same). */
export function lineTotal(line: LineInput): number {
  return line.quantity * line.unit_price - line.discount;
}

/** The Spanish problem with one line, or null: what the form shows under the line. */
export function lineProblem(line: LineInput): string | null {
  const gross = line.quantity * line.unit_price;
  if (gross > MAX_LINE_AMOUNT) return "El monto de la línea no puede superar $1.000.000.000";
  if (line.discount > gross) return "El descuento no puede superar el monto de la línea";
  return null;
}

/** The sum of the lines' totals. */
export function budgetTotal(lines: readonly LineInput[]): number {
  return lines.reduce((sum, l) => sum + lineTotal(l), 0);
}

/** One configured status transition (status_transitions): `to_status_id` may follow `from_status_id`. */
export interface StatusTransition {
  from_status_id: number;
  to_status_id: number;
}

/**
 * Whether a budget may move from `from` to `to`. The company's transitions (status_transitions) bind a status only
 * if some rule starts from it; a status without rules may move to any budget status (as orders do).
 */
export function transitionAllowed(from: number, to: number, rules: readonly StatusTransition[]): boolean {
  if (from === to) return false;
  const fromRules = rules.filter((r) => r.from_status_id === from);
  return fromRules.length === 0 || fromRules.some((r) => r.to_status_id === to);
}

/**
 * Whether a budget in this status no longer takes changes to its lines or pictures. A finished budget status
 * ('Aprobado', 'Rechazado' in the demo) is where the workshop and the client settled the quote: changing it then
 * would change what the client agreed to.
 */
export function budgetLocked(status: { finish: boolean }): boolean {
  return status.finish;
}

/**
 * Whether a budget moved into `status` is ready for the client (the 'Presupuesto listo' WhatsApp notification).
 * Statuses are the company's own, so no name decides: a budget is born in the company's initial status (the first
 * non-finished one, 'Borrador' in the demo) while the workshop writes it; leaving it for another open status
 * ('Enviado') is handing it to the client. A finished status ('Aprobado', 'Rechazado') means the client already
 * answered, so nothing is sent then.
 */
export function budgetReadyForClient(status: { id: number; finish: boolean }, initialStatusId: number): boolean {
  return !status.finish && status.id !== initialStatusId;
}

/** 'Presupuesto_{correlative}.pdf' (seed 002: the budget PDF is served inline under this name). */
export function pdfFileName(correlativeId: number): string {
  return `Presupuesto_${correlativeId}.pdf`;
}

/** The budgets' Spanish texts (seed 002 section 5 for the chat's form; the rest are this app's own). */
export const BUDGET_TEXTS = {
  sendHint: "Haz clic o pulsa en enviar para crear el presupuesto",
  notFound: "Presupuesto no encontrado",
  statusNotBudget: "Estado de presupuesto no válido",
  transitionNotAllowed: ADMIN_SETUP_TEXTS.transitionNotAllowed,
  productNotFound: "Producto no encontrado",
  noLines: "Agrega al menos un producto o servicio",
  totalTooLarge: "El total del presupuesto es demasiado alto",
  noStatuses: "No hay estados de presupuesto configurados",
  title: "Presupuestos",
  empty: "No se han encontrado presupuestos",
  loading: "Cargando presupuestos",
  download: "Descargar PDF",
  locked: (status: string) => `El presupuesto está en estado ${status} y ya no admite cambios`,
  lineNotFound: "Línea no encontrada",
  lastLine: "El presupuesto debe tener al menos una línea",
  tooManyLines: `Hasta ${MAX_LINES} líneas por presupuesto`,
  tooManyPictures: (max: number) => `Hasta ${max} fotos por presupuesto`,
  pictureNotFound: "Imagen no encontrada",
} as const;

/** The most pictures a budget keeps (the zip page reads them one at a time; 200 is the large order). */
export const MAX_BUDGET_PICTURES = 200;

/**
 * How a budget that could not be written is answered (writeBudget's problems), by budgets.create and chat.send; a
 * missing order is named in the company's words (@taller/budgets' budgetWriteError).
 */
export const BUDGET_WRITE_ERRORS = {
  product: { code: "NOT_FOUND", message: BUDGET_TEXTS.productNotFound },
  status: { code: "BAD_REQUEST", message: BUDGET_TEXTS.noStatuses },
} as const;

/** Where a client opens a budget's PDF (`?token=`), the link the 'Presupuesto listo' WhatsApp notification carries. */
export const CLIENT_BUDGET_PATH = "/client/budget";
