import { idSchema, INVENTORY_TEXTS, PAGE_SIZE, type Instant } from "@taller/core";
import { instantText, queryRows, type StockMovementKind } from "@taller/db";
import { can, cappedCount, cursorInput, listPage, staffProcedure, TRPCError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";

const cursorKey = z.tuple([z.number().int()]);

export interface MovementRow {
  id: number;
  kind: StockMovementKind;
  quantity: number;
  unit_cost: number;
  balance_after: number;
  reason: string;
  document_type: string | null;
  document_id: number | null;
  warehouse_id: number;
  warehouse_name: string;
  user_name: string | null;
  created_at: Instant;
}

/** A product's movements, newest first, a page at a time (stock_movements_product_idx), and how many (capped). */
export const movements = staffProcedure
  .use(can("read", "inventory_action"))
  .input(z.object({ product_id: idSchema, cursor: cursorInput }))
  .query(async ({ ctx, input }) => {
    const [product] = await queryRows<{ id: number }>(
      ctx.db,
      sql`SELECT id FROM products WHERE company_id = ${ctx.companyId} AND id = ${input.product_id}`,
    );
    if (!product) throw new TRPCError({ code: "NOT_FOUND", message: INVENTORY_TEXTS.productNotFound });
    const where = sql`m.company_id = ${ctx.companyId} AND m.product_id = ${input.product_id}`;
    const { rows, info } = await listPage({
      db: ctx.db,
      cursor: input.cursor,
      filter: { companyId: ctx.companyId, productId: input.product_id },
      keySchema: cursorKey,
      fetch: (after) =>
        queryRows<MovementRow>(
          ctx.db,
          sql`SELECT m.id, m.kind, m.quantity, m.unit_cost, m.balance_after, m.reason, m.document_type, m.document_id,
                     m.warehouse_id, w.name AS warehouse_name, u.name AS user_name,
                     ${instantText(sql`m.created_at`)} AS created_at
              FROM stock_movements m
              JOIN warehouses w ON w.id = m.warehouse_id
              LEFT JOIN users u ON u.id = m.user_id
              WHERE ${where} AND ${after === null ? sql`true` : sql`m.id < ${after[0]}`}
              ORDER BY m.id DESC LIMIT ${PAGE_SIZE + 1}`,
        ),
      // Counted up to COUNT_CAP as every list's first page (docs/lists.md): an index-only range of
      // stock_movements_product_idx, so a product with millions of movements reads at most 10,001 entries.
      count: () => cappedCount(ctx.db, sql`stock_movements m`, where),
      keyOf: (row): [number] => [row.id],
    });
    return { movements: rows, ...info };
  });
