import { can, cursorInput, filterFingerprint, pageOf, readCursor, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { filtersInput, parseFilters } from "./filters";
import { countOrders, findPage, loadListRows } from "./list-query";
import { sortInput, sortKey, sortKeySchema } from "./sort";

const listInput = z.object({
  ...filtersInput,
  ...sortInput,
  /** The previous answer's next_cursor; absent for the first page. */
  cursor: cursorInput,
});

/**
 * The orders list, a page at a time for infinite scroll: { orders, total, page, total_pages, next_cursor }.
 * The first page counts the total; following pages get it back from the cursor.
 */
export const list = staffProcedure
  .use(can("read", "check_in"))
  .input(listInput)
  .query(async ({ ctx, input }) => {
    const filters = parseFilters(ctx.companyId, input);
    const sort = { sort: input.sort, direction: input.sort_direction };
    const fingerprint = filterFingerprint({ ...filters, ...sort });
    const cursor = readCursor(input.cursor, fingerprint, sortKeySchema(sort));
    const positions = await findPage(ctx.db, filters, sort, cursor?.after ?? null);
    const total = cursor ? cursor.total : await countOrders(ctx.db, filters);
    const { rows, info } = pageOf(positions, { cursor, total, filter: fingerprint, keyOf: (p) => sortKey(sort, p) });
    const orders = await loadListRows(ctx.db, ctx.companyId, rows.map((p) => p.correlative_id));
    return { orders, ...info };
  });
