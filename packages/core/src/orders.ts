// Orders vocabulary shared by the server and the web app (seed 002 sections 3.4, 4.2 and 9).

/** The pseudo budget status of orders without a budget ('Sin Presupuesto'). */
export const NO_BUDGET = -1;
export const NO_BUDGET_NAME = "Sin Presupuesto";

export const ORDER_SORTS = ["correlative_id", "check_in_time"] as const;
export type OrderSortColumn = (typeof ORDER_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The spreadsheet export holds at most this many orders ('*Máximo 1000 registros'). */
export const EXPORT_MAX_ROWS = 1000;
