// The orders list's rules that need no screen: the default filter and the 'Recepción' sort cycle (seed 002
// sections 4.2 and 9).

import { formatNumber, lowerTerm, NO_BUDGET, ordersShort, type TermWords } from "@taller/core";

export { NO_BUDGET };

export interface FilterStatus {
  id: number;
  finish: boolean;
}

export interface OrderFilters {
  status: number[];
  budget: number[];
}

/** With nothing stored: every order status not marked finish, and every such budget status plus 'Sin Presupuesto'. */
export function defaultOrderFilters(statuses: {
  order_statuses: readonly FilterStatus[];
  budget_statuses: readonly FilterStatus[];
}): OrderFilters {
  const open = (list: readonly FilterStatus[]) => list.filter((s) => !s.finish).map((s) => s.id);
  return {
    status: open(statuses.order_statuses),
    budget: [...open(statuses.budget_statuses).filter((id) => id !== NO_BUDGET), NO_BUDGET],
  };
}

export interface OrdersSort {
  sort: "correlative_id" | "check_in_time";
  sort_direction: "asc" | "desc";
}

/** The sort the list asks for, and the arrow the 'Recepción' header shows (null: none). */
export interface SortState {
  query: OrdersSort;
  arrow: "asc" | "desc" | null;
}

export const DEFAULT_SORT: SortState = { query: { sort: "correlative_id", sort_direction: "desc" }, arrow: null };

/**
 * A click on 'Recepción': ascending, then descending, then no direction. Clearing the direction sorts by check-in
 * time descending, which is what the list already shows after the descending step, so it does not reload.
 */
export function nextReceptionSort(state: SortState): SortState {
  if (state.arrow === null) return { query: { sort: "check_in_time", sort_direction: "asc" }, arrow: "asc" };
  if (state.arrow === "asc") return { query: { sort: "check_in_time", sort_direction: "desc" }, arrow: "desc" };
  return { query: { sort: "check_in_time", sort_direction: "desc" }, arrow: null };
}

/** The sort's step as `?reception=` keeps it: the arrow shown, or "none" once cleared; absent for the default. */
export type ReceptionParam = "asc" | "desc" | "none";

export function receptionParam(state: SortState): ReceptionParam | undefined {
  return state.query.sort === "correlative_id" ? undefined : (state.arrow ?? "none");
}

export function receptionSort(param: ReceptionParam | undefined): SortState {
  if (param === undefined) return DEFAULT_SORT;
  return {
    query: { sort: "check_in_time", sort_direction: param === "asc" ? "asc" : "desc" },
    arrow: param === "none" ? null : param,
  };
}

/** What the user reads when the export could not hold every matching order (seed 002: '*Máximo 1000 registros'). */
export function leftOutMessage(order: TermWords, rows: number, leftOut: number, capped = false): string {
  const count = capped ? `más de ${formatNumber(leftOut)}` : formatNumber(leftOut);
  return `Se exportaron ${formatNumber(rows)} ${lowerTerm(ordersShort(order))} (el máximo). Quedaron fuera ${count}: acota los filtros o las fechas para exportarlas.`;
}
