/**
 * What the orders list asks for, shared by the screen and its route's loader (prefetch.ts): the status filters
 * remembered on the device, else the open statuses, the search, the shell's locations and the sort.
 */
import { storedIdFilter } from "../../lib/list-filter";

export const statusFilterStore = storedIdFilter("orders_filter");
export const budgetFilterStore = storedIdFilter("orders_budget_filter");

export function ordersFilters(statusIds: number[], budgetIds: number[], search: string, locationIds: number[] | null) {
  return { status_id: statusIds, budget_status_id: budgetIds, search: search || null, location_ids: locationIds };
}
