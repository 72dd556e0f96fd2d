import { idSchema, type Instant } from "@taller/core";
import { instantText, queryRows, termNotFound } from "@taller/db";
import { can, readableDocument, staffProcedure, TRPCError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";

export interface ConsumedLine {
  movement_id: number;
  product_id: number;
  code: string;
  name: string;
  warehouse_name: string;
  quantity: number;
  unit_cost: number;
  user_name: string | null;
  created_at: Instant;
}

/** What an order consumed ('Repuestos consumidos' on its page): its consumption movements, oldest first. */
export const consumption = staffProcedure
  .use(can("read", "inventory_action"))
  .input(z.object({ order_id: idSchema }))
  .query(async ({ ctx, input }) => {
    const [order] = await queryRows<{ id: number }>(
      ctx.db,
      sql`SELECT o.id FROM orders o WHERE o.company_id = ${ctx.companyId} AND o.id = ${input.order_id}
            AND ${readableDocument(ctx, "Order", sql`o.company_id`, sql`o.id`)}`,
    );
    if (!order) throw new TRPCError({ code: "NOT_FOUND", message: await termNotFound(ctx.db, ctx.companyId, "order") });
    // An order consumes a few dozen lines at most; bounded anyway.
    return queryRows<ConsumedLine>(
      ctx.db,
      sql`SELECT m.id AS movement_id, p.id AS product_id, p.code, p.name, w.name AS warehouse_name,
                 -m.quantity AS quantity, m.unit_cost, u.name AS user_name,
                 ${instantText(sql`m.created_at`)} AS created_at
          FROM stock_movements m
          JOIN products p ON p.company_id = m.company_id AND p.id = m.product_id
          JOIN warehouses w ON w.company_id = m.company_id AND w.id = m.warehouse_id
          LEFT JOIN users u ON u.id = m.user_id
          WHERE m.company_id = ${ctx.companyId} AND m.document_type = 'Order' AND m.document_id = ${input.order_id}
            AND m.kind = 'consumption'
          ORDER BY m.id LIMIT 500`,
    );
  });
