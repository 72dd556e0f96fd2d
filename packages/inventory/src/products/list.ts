import { can, cursorInput, listPage, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { filtersInput, productFilters, productOrder, sortInput } from "./filters";
import { countProducts, findProducts, productKey } from "./list-query";

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
    const { rows, info } = await listPage({
      db: ctx.db,
      cursor: input.cursor,
      filter: { ...filters, ...order },
      keySchema: cursorKey,
      fetch: (after) => findProducts(ctx.db, filters, order, after),
      count: () => countProducts(ctx.db, filters),
      keyOf: (row) => productKey(order, row),
    });
    return { products: rows, ...info };
  });
