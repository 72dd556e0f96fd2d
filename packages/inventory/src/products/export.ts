import { EXPORT_MAX_ROWS } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, oneJobAtATime, spreadsheetDownload, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { PRODUCTS_EXPORT_TITLE, productsSpreadsheet } from "../export-xlsx";
import { filtersInput, productFilters, productOrder, sortInput } from "./filters";
import { countProducts, loadProducts, productConditions, productOrderSql } from "./list-query";

/**
 * The filtered products list as an .xlsx in the list's order, at most 1000 rows; `left_out` says how many more
 * matched. One export per user at a time, as the orders' export.
 */
export const exportProducts = staffProcedure
  .use(can("read", "inventory_action"))
  .input(z.object({ ...filtersInput, ...sortInput }))
  .mutation(async ({ ctx, input }) => {
    const filters = productFilters(ctx.companyId, input);
    const order = productOrder(input);
    const { orderBy } = productOrderSql(order);
    return oneJobAtATime(ctx.db, "products_export", ctx.user.id, async (db) => {
      const picked = await queryRows<{ id: number }>(
        db,
        sql`SELECT p.id FROM products p WHERE ${productConditions(filters)}
            ORDER BY ${orderBy} LIMIT ${EXPORT_MAX_ROWS + 1}`,
      );
      const matched =
        picked.length <= EXPORT_MAX_ROWS ? { total: picked.length, capped: false } : await countProducts(db, filters);
      const rows = await loadProducts(
        db,
        ctx.companyId,
        picked.slice(0, EXPORT_MAX_ROWS).map((r) => r.id),
      );
      const warehouses = await queryRows<{ id: number; name: string }>(
        db,
        sql`SELECT id, name FROM warehouses WHERE company_id = ${ctx.companyId} ORDER BY name, id`,
      );
      return {
        ...(await spreadsheetDownload(PRODUCTS_EXPORT_TITLE, productsSpreadsheet(rows, warehouses))),
        rows: rows.length,
        left_out: matched.total - rows.length,
        left_out_capped: matched.capped,
      };
    });
  });
