import { consumptionDocumentSchema, type Instant } from "@taller/core";
import { instantText, queryRows } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { consumingDocument } from "./document";

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

/** What an order or a booking consumed ('Repuestos consumidos' on its page), oldest first. */
export const list = staffProcedure
  .use(can("read", "inventory_action"))
  .input(consumptionDocumentSchema)
  .query(async ({ ctx, input }) => {
    const doc = await consumingDocument(ctx.db, ctx, input.document_type, input.document_id);
    // A document consumes a few dozen lines at most; bounded anyway (stock_movements_document_idx).
    return queryRows<ConsumedLine>(
      ctx.db,
      sql`SELECT m.id AS movement_id, p.id AS product_id, p.code, p.name, w.name AS warehouse_name,
                 -m.quantity AS quantity, m.unit_cost, u.name AS user_name,
                 ${instantText(sql`m.created_at`)} AS created_at
          FROM stock_movements m
          JOIN products p ON p.company_id = m.company_id AND p.id = m.product_id
          JOIN warehouses w ON w.company_id = m.company_id AND w.id = m.warehouse_id
          LEFT JOIN users u ON u.id = m.user_id
          WHERE m.company_id = ${ctx.companyId} AND m.document_type = ${doc.type} AND m.document_id = ${doc.id}
            AND m.kind = 'consumption'
          ORDER BY m.id LIMIT 500`,
    );
  });
