// Orders vocabulary shared by the server and the web app (seed 002 sections 3.4, 4.2 and 9).
import { type StatusTransition, transitionAllowed } from "./budgets";
import { agree, TheTerm, type TermWords, theTerm } from "./terms";

/** The pseudo budget status of orders without a budget ('Sin Presupuesto'). */
export const NO_BUDGET = -1;
export const NO_BUDGET_NAME = "Sin Presupuesto";

export const ORDER_SORTS = ["correlative_id", "check_in_time"] as const;
export type OrderSortColumn = (typeof ORDER_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The spreadsheet export holds at most this many orders ('*Máximo 1000 registros'). */
export const EXPORT_MAX_ROWS = 1000;

/** What the order's life answers (orders.changeStatus, update, deliver, cancel), in Spanish for the screens. */
export const ORDER_TEXTS = {
  /** Named with the company's term: 'La empresa no tiene estados de reparación'. */
  noStatus: (order: TermWords) => `La empresa no tiene estados de ${order.oneLower}`,
  statusNotOrder: (order: TermWords) => `El estado no es un estado de ${order.oneLower}`,
  transitionNotAllowed: (order: TermWords) => `La empresa no permite pasar ${theTerm(order)} a ese estado`,
  sameStatus: (order: TermWords) => `${TheTerm(order)} ya está en ese estado`,
  stale: (order: TermWords) =>
    `Otra persona cambió ${agree(order, "este", "esta")} ${order.oneLower}. ` +
    "Se muestra como quedó; revisa y vuelve a intentarlo.",
  finished: (order: TermWords) =>
    `${TheTerm(order)} está ${agree(order, "finalizado", "finalizada")} y ya no se puede editar`,
  noDeliveryStatus: "La empresa no tiene un estado de entrega (un estado finalizado que no sea de anulación)",
  noCancelStatus: "La empresa no tiene un estado de anulación",
  cancelThroughCancel: (order: TermWords) => `Para anular ${theTerm(order)} usa 'Anular', que pide el motivo`,
  reasonRequired: "Indica el motivo",
  assigneeUnavailable: "Usuario no disponible",
} as const;

/** The longest reason (a cancellation's, a status change's) the database keeps. */
export const ORDER_REASON_MAX = 500;

/** An order status as the order's life reads it: the finish flag closes the order, `cancel` is the cancellation. */
export interface OrderLifeStatus {
  id: number;
  finish: boolean;
  cancel: boolean;
  position: number;
}

/**
 * Whether what reception wrote (assignee, promised date, kilometres, comment) may still change: until the order's
 * status is a finished one.
 */
export function orderEditable(status: { finish: boolean }): boolean {
  return !status.finish;
}

/**
 * The status 'Entregar' moves an order to: the company's first finished order status that is not its cancellation
 * ('Entregado' in the demo), or undefined when it has none.
 */
export function deliveryStatus<S extends OrderLifeStatus>(statuses: readonly S[]): S | undefined {
  return [...statuses].sort((a, b) => a.position - b.position || a.id - b.id).find((s) => s.finish && !s.cancel);
}

/**
 * The statuses an order's status control offers: those the company's transitions allow from the current one, except
 * its cancellation ('Anular' asks for the reason). The delivery status is among them when allowed.
 */
export function orderStatusTargets<S extends { id: number; cancel: boolean }>(
  currentId: number,
  statuses: readonly S[],
  rules: readonly StatusTransition[],
): S[] {
  return statuses.filter((s) => !s.cancel && transitionAllowed(currentId, s.id, rules));
}
