import { can, cursorInput, listPage, staffProcedure, statusTotals } from "@taller/trpc";
import { z } from "zod";
import { filtersInput, orderFilters } from "./filters";
import { countOrders, findPage } from "./list-query";
import { loadListRows } from "./order-rows";
import { sortInput, sortKey, sortKeySchema } from "./sort";

const listInput = z.object({
  ...filtersInput,
  ...sortInput,
  /** The previous answer's next_cursor; absent for the first page. */
  cursor: cursorInput,
});

/**
 * The orders list, a page at a time for infinite scroll: { orders, total, total_capped, page, total_pages,
 * next_cursor, totals }. The first page counts once for both the list and the status boxes (`totals`, null on later
 * pages, which carry the total in the cursor).
 */
export const list = staffProcedure
  .use(can("read", "check_in"))
  .input(listInput)
  .query(async ({ ctx, input }) => {
    const filters = await orderFilters(ctx, input);
    const sort = { sort: input.sort, direction: input.sort_direction };
    const { rows, info, counted } = await listPage({
      db: ctx.db,
      cursor: input.cursor,
      filter: { ...filters, ...sort },
      keySchema: sortKeySchema(sort),
      fetch: (after) => findPage(ctx.db, filters, sort, after),
      count: () => countOrders(ctx.db, filters),
      keyOf: (p) => sortKey(sort, p),
    });
    const orders = await loadListRows(
      ctx.db,
      ctx.companyId,
      rows.map((p) => p.correlative_id),
    );
    const totals = counted && statusTotals(counted);
    return { orders, ...info, totals };
  });
