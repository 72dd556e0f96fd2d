import { can, staffProcedure, statusTotals } from "@taller/trpc";
import { z } from "zod";
import { filtersInput, orderFilters } from "./filters";
import { countOrders } from "./list-query";

/**
 * Counts for the status boxes: every order status of the company under the list's other filters (the first page of
 * `list` answers the same in `totals`; this is for refreshing the boxes alone). `capped`: the counts are a sample.
 */
export const totalsByStatus = staffProcedure
  .use(can("read", "check_in"))
  .input(
    z
      .object({
        budget_status_id: filtersInput.budget_status_id,
        search: filtersInput.search,
        location_ids: filtersInput.location_ids,
      })
      .optional(),
  )
  .query(async ({ ctx, input }) => statusTotals(await countOrders(ctx.db, await orderFilters(ctx, input ?? {}))));
