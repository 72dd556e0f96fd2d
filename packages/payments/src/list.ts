import { can, cursorInput, listPage, staffProcedure, statusTotals } from "@taller/trpc";
import { z } from "zod";
import { filtersInput, paymentFilters } from "./filters";
import { countPayments, findPage, sortKeySchema, type PaymentKey } from "./list-query";

/**
 * 'Cobros': a page of payment requests, newest first: { payments, total, total_capped, page, total_pages,
 * next_cursor, totals } (totals: the legend's counts, first page only).
 */
export const list = staffProcedure
  .use(can("read", "payment"))
  .input(z.object({ ...filtersInput, cursor: cursorInput }))
  .query(async ({ ctx, input }) => {
    const filters = paymentFilters(ctx, input);
    const { rows, info, counted } = await listPage({
      db: ctx.db,
      cursor: input.cursor,
      filter: filters,
      keySchema: sortKeySchema,
      fetch: (after) => findPage(ctx.db, filters, after),
      count: () => countPayments(ctx.db, filters),
      keyOf: (p): PaymentKey => [p.id],
    });
    return { payments: rows, ...info, totals: counted && statusTotals(counted) };
  });

/** The legend's counts alone (refreshing them when a request is paid). */
export const totalsByStatus = staffProcedure
  .use(can("read", "payment"))
  .input(z.object({ search: filtersInput.search }).optional())
  .query(async ({ ctx, input }) =>
    statusTotals(await countPayments(ctx.db, paymentFilters(ctx, { search: input?.search }))),
  );
