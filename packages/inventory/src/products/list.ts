import { can, cursorInput, listPage, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { filtersInput, productFilters, productOrder, sortInput } from "./filters";
import { countedFromMatches, countProducts, findProducts, productKey } from "./list-query";

// Built once: a zod schema costs more to build than to run.
const cursorKey = z.tuple([z.string().max(300), z.number().int()]);

/**
 * The products list ('Inventario'), a page at a time for infinite scroll: each product with its stock per warehouse
 * and in total and whether a warehouse is below its minimum; { products, total, total_capped, page, total_pages,
 * next_cursor }.
 */
export const list = staffProcedure
  .use(can("read", "inventory_action"))
  .input(z.object({ ...filtersInput, ...sortInput, cursor: cursorInput }))
  .query(async ({ ctx, input }) => {
    const filters = productFilters(ctx.companyId, input);
    const order = productOrder(input);
    // A search's page reads how many matched: the first page's count waits for it rather than reading them again.
    let matchedOf: (matched: number | null) => void = () => {};
    const matched = new Promise<number | null>((resolve) => (matchedOf = resolve));
    const { rows, info } = await listPage({
      db: ctx.db,
      cursor: input.cursor,
      filter: { ...filters, ...order },
      keySchema: cursorKey,
      fetch: async (after) => {
        try {
          const page = await findProducts(ctx.db, filters, order, after);
          matchedOf(page.matched);
          return page.rows;
        } finally {
          // A no-op once resolved; a failed fetch must not leave the count waiting.
          matchedOf(null);
        }
      },
      count: async () => {
        const known = filters.search ? await matched : null;
        return known === null ? countProducts(ctx.db, filters) : countedFromMatches(known);
      },
      keyOf: (row) => productKey(order, row),
    });
    return { products: rows, ...info };
  });
