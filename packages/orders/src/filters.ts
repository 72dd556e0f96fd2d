import { containsPattern } from "@taller/db";
import { normalizeIds } from "@taller/trpc";
import { z } from "zod";

/** The pseudo budget status of orders that have no budget ('Sin Presupuesto'). */
export const NO_BUDGET = -1;

const statusId = z.number().int().min(1).max(2_147_483_647);

/**
 * The filters the orders screen sends to list, totalsByStatus and export. A missing list (or null) means "no
 * filter"; an empty list matches nothing (the screen's "nothing selected").
 */
export const filtersInput = {
  status_id: z.array(statusId).max(100).nullish(),
  budget_status_id: z.array(z.union([statusId, z.literal(NO_BUDGET)])).max(100).nullish(),
  search: z.string().max(100).nullish(),
};

export interface OrderFilters {
  companyId: number;
  /** null: every status. */
  statusIds: number[] | null;
  /** null: every budget status and none; -1 stands for "no budget". */
  budgetStatusIds: number[] | null;
  /** LIKE pattern over orders.search_text, null without a search. */
  pattern: string | null;
}

/** Input to query filters: ids deduplicated and sorted, so equal filters look equal (cursor fingerprints). */
export function parseFilters(
  companyId: number,
  input: { status_id?: readonly number[] | null; budget_status_id?: readonly number[] | null; search?: string | null },
): OrderFilters {
  return {
    companyId,
    statusIds: normalizeIds(input.status_id),
    budgetStatusIds: normalizeIds(input.budget_status_id),
    pattern: containsPattern(input.search),
  };
}
