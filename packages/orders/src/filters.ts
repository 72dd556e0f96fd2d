import { NO_BUDGET, type Action, idSchema, listSearchSchema } from "@taller/core";
import { searchTerm, type SearchTerm } from "@taller/db";
import { listScope, locationIdsInput, normalizeIds, type ListScope, type ScopeContext } from "@taller/trpc";
import { z } from "zod";

const statusId = idSchema;

/**
 * The filters the orders screen sends to list, totalsByStatus and export. A missing list (or null) means "no
 * filter"; an empty list matches nothing (the screen's "nothing selected").
 */
export const filtersInput = {
  status_id: z.array(statusId).max(100).nullish(),
  budget_status_id: z
    .array(z.union([statusId, z.literal(NO_BUDGET)]))
    .max(100)
    .nullish(),
  search: listSearchSchema,
  location_ids: locationIdsInput,
};

export interface OrderFilters {
  scope: ListScope;
  /** null: every status. */
  statusIds: number[] | null;
  /** null: every budget status and none; -1 stands for "no budget". */
  budgetStatusIds: number[] | null;
  /** null without a search. */
  search: SearchTerm | null;
}

export interface FiltersValues {
  status_id?: readonly number[] | null;
  budget_status_id?: readonly number[] | null;
  search?: string | null;
  location_ids?: readonly number[] | null;
}

/**
 * Input to query filters under the caller's scope (locations, own orders) for `action` on check_in: ids
 * deduplicated and sorted, so equal filters look equal (cursor fingerprints).
 */
export async function orderFilters(
  ctx: ScopeContext,
  input: FiltersValues,
  action: Action = "read",
): Promise<OrderFilters> {
  return {
    scope: await listScope(ctx, { action, resource: "check_in", locationIds: input.location_ids }),
    statusIds: normalizeIds(input.status_id),
    budgetStatusIds: normalizeIds(input.budget_status_id),
    search: searchTerm(input.search),
  };
}
