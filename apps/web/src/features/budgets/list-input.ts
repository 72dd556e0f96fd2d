/**
 * What the budgets list asks for, shared by the screen and its route's loader (prefetch.ts): the statuses remembered
 * on the device (null: every status) and the search.
 */
import { storedIdFilter } from "../../lib/list-filter";

export const filterStore = storedIdFilter("budgets_filter");

export const budgetsListInput = (statusIds: number[] | null, search: string) => ({
  status_ids: statusIds,
  search: search || null,
});
