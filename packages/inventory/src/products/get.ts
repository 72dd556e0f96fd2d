import { idSchema, INVENTORY_TEXTS } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, staffProcedure, TRPCError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";

/**
 * A product's page: its data, and its stock in every warehouse of the company (none held: 0), with the minimum and
 * the average cost there. Its movements come a page at a time from `products.movements`.
 */
export const get = staffProcedure
  .use(can("read", "inventory_action"))
  .input(z.object({ id: idSchema }))
  .query(async ({ ctx, input }) => {
    const [product] = await queryRows<{
      id: number;
      code: string;
      name: string;
      unit: string;
      price: number;
      buy_price: number;
      description: string | null;
      category_id: number | null;
      category_name: string | null;
    }>(
      ctx.db,
      sql`SELECT p.id, p.code, p.name, p.unit, p.price, p.buy_price, p.description, p.category_id,
                 c.name AS category_name
          FROM products p LEFT JOIN product_categories c ON c.id = p.category_id
          WHERE p.company_id = ${ctx.companyId} AND p.id = ${input.id}`,
    );
    if (!product) throw new TRPCError({ code: "NOT_FOUND", message: INVENTORY_TEXTS.productNotFound });
    const stock = await queryRows<{
      warehouse_id: number;
      warehouse_name: string;
      quantity: number;
      minimum: number;
      average_cost: number;
    }>(
      ctx.db,
      sql`SELECT w.id AS warehouse_id, w.name AS warehouse_name, coalesce(b.quantity, 0) AS quantity,
                 coalesce(b.minimum, 0) AS minimum, coalesce(b.average_cost, 0) AS average_cost
          FROM warehouses w
          LEFT JOIN stock_balances b ON b.company_id = w.company_id AND b.warehouse_id = w.id AND b.product_id = ${input.id}
          WHERE w.company_id = ${ctx.companyId}
          ORDER BY w.name, w.id`,
    );
    return { product, stock, total: stock.reduce((sum, s) => sum + s.quantity, 0) };
  });
