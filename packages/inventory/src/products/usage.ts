import { idSchema, INVENTORY_TEXTS, PAGE_SIZE, type Instant } from "@taller/core";
import { instantText, queryRows } from "@taller/db";
import { can, cappedCount, cursorInput, listPage, staffProcedure, TRPCError } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";

export type UsageType = "order" | "booking" | "budget" | "pricing" | "buy_order";

export interface UsageRow {
  type: UsageType;
  /** The document's id (the order, booking, budget or inventory action) and its number (a booking's: its id). */
  document_id: number;
  number: number;
  quantity: number;
  /** A buy order's units received so far; null elsewhere. */
  received: number | null;
  at: Instant;
}

interface KeyedUsage extends UsageRow {
  k_at: string;
  k_rank: number;
  k_id: number;
}

// (microseconds since the epoch, the source's rank, the source row's id): one order across the four sources.
const cursorKey = z.tuple([z.number().int(), z.number().int(), z.number().int()]);

/** Where a product was used, each source one branch: its lines or consumptions of the product, newest first. */
function sources(companyId: number, productId: number): SQL {
  return sql`
    SELECT 'order' AS type, o.id AS document_id, o.correlative_id AS number, -m.quantity AS quantity, NULL::int AS received,
           m.created_at AS at, 0 AS rank, m.id AS row_id
    FROM stock_movements m JOIN orders o ON o.company_id = m.company_id AND o.id = m.document_id
    WHERE m.company_id = ${companyId} AND m.product_id = ${productId} AND m.document_type = 'Order'
      AND m.kind = 'consumption'
    UNION ALL
    SELECT 'booking', bk.id, bk.id, -m.quantity, NULL, m.created_at, 0, m.id
    FROM stock_movements m JOIN bookings bk ON bk.company_id = m.company_id AND bk.id = m.document_id
    WHERE m.company_id = ${companyId} AND m.product_id = ${productId} AND m.document_type = 'Booking'
      AND m.kind = 'consumption'
    UNION ALL
    SELECT 'budget', b.id, b.correlative_id, l.quantity, NULL, l.created_at, 1, l.id
    FROM budget_lines l JOIN budgets b ON b.company_id = l.company_id AND b.id = l.budget_id
    WHERE l.company_id = ${companyId} AND l.product_id = ${productId}
    UNION ALL
    SELECT a.kind, a.id, a.correlative_id, l.quantity,
           CASE WHEN a.kind = 'buy_order' THEN l.received_quantity END, a.created_at, 2, l.id
    FROM provider_action_products l JOIN provider_actions a ON a.company_id = l.company_id AND a.id = l.action_id
    WHERE l.company_id = ${companyId} AND l.product_id = ${productId}`;
}

const micros = sql`floor(extract(epoch FROM u.at) * 1000000)::bigint`;
const keyOf = sql`(${micros}, u.rank, u.row_id)`;

/**
 * 'Dónde se usó' on a product's page: the orders and bookings that consumed it, the budgets, pricings and buy orders
 * with a line of it, newest first, a page at a time (each source read through its (company, product) index).
 */
export const usage = staffProcedure
  .use(can("read", "inventory_action"))
  .input(z.object({ product_id: idSchema, cursor: cursorInput }))
  .query(async ({ ctx, input }) => {
    const [product] = await queryRows<{ id: number }>(
      ctx.db,
      sql`SELECT id FROM products WHERE company_id = ${ctx.companyId} AND id = ${input.product_id}`,
    );
    if (!product) throw new TRPCError({ code: "NOT_FOUND", message: INVENTORY_TEXTS.productNotFound });
    const from = sql`(${sources(ctx.companyId, input.product_id)}) u`;
    const { rows, info } = await listPage({
      db: ctx.db,
      cursor: input.cursor,
      filter: { companyId: ctx.companyId, productId: input.product_id },
      keySchema: cursorKey,
      fetch: async (after) => {
        return queryRows<KeyedUsage>(
          ctx.db,
          sql`SELECT u.type, u.document_id, u.number, u.quantity, u.received, ${instantText(sql`u.at`)} AS at,
                     ${micros}::text AS k_at, u.rank AS k_rank, u.row_id AS k_id
              FROM ${from}
              WHERE ${after === null ? sql`true` : sql`${keyOf} < (${after[0]}::bigint, ${after[1]}::int, ${after[2]}::int)`}
              ORDER BY ${keyOf} DESC LIMIT ${PAGE_SIZE + 1}`,
        );
      },
      count: () => cappedCount(ctx.db, from, sql`true`),
      keyOf: (row): [number, number, number] => [Number(row.k_at), row.k_rank, row.k_id],
    });
    return { usage: rows.map(({ k_at: _at, k_rank: _rank, k_id: _id, ...row }): UsageRow => row), ...info };
  });
