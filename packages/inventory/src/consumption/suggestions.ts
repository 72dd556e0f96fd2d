import { consumptionDocumentSchema } from "@taller/core";
import { intArray, queryRows } from "@taller/db";
import { can, readableDocument, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { consumingDocument } from "./document";

export interface SuggestedLine {
  product_id: number;
  code: string;
  name: string;
  quantity: number;
  /** The product's units per warehouse holding a balance (the dialog shows what the chosen one has). */
  stock: { warehouse_id: number; quantity: number }[];
}

/**
 * A list of lines 'Consumir' can start from: the requirement's products (what it consumes, seed
 * inventory_action_for_consume) or a budget's product lines. `approved` says the budget is in a status the company
 * marks as approval (statuses.approve): those come first.
 */
export interface SuggestionSource {
  kind: "requirement" | "budget";
  id: number;
  name: string;
  approved: boolean;
  lines: SuggestedLine[];
}

/**
 * What an order or a booking may consume: its requirement's list and (an order) the product lines of each budget
 * the client approved or has not answered yet; a refused one (a finished status not marked as approval) is left out.
 */
export const suggestions = staffProcedure
  .use(can("read", "inventory_action"))
  .input(consumptionDocumentSchema)
  .query(async ({ ctx, input }): Promise<SuggestionSource[]> => {
    const doc = await consumingDocument(ctx.db, ctx, input.document_type, input.document_id);
    const c = ctx.companyId;
    const requirement = sql`
      SELECT 'requirement' AS kind, r.id, r.name, false AS approved, p.id AS product_id, p.code, p.name AS product_name,
             rp.quantity, 0 AS rank
      FROM requirements r
      JOIN requirement_products rp ON rp.company_id = r.company_id AND rp.requirement_id = r.id
      JOIN products p ON p.company_id = rp.company_id AND p.id = rp.product_id
      WHERE r.company_id = ${c} AND r.id = ${doc.requirement_id ?? 0}`;
    // Budgets are read as their own screens read them; a product on several lines of one budget comes once, summed.
    const budgets = sql`
      SELECT 'budget', b.id, '#' || b.correlative_id || ' · ' || s.name, s.approve, p.id, p.code, p.name,
             sum(l.quantity)::int, 1
      FROM budgets b
      JOIN statuses s ON s.company_id = b.company_id AND s.id = b.status_id
      JOIN budget_lines l ON l.company_id = b.company_id AND l.budget_id = b.id
      JOIN products p ON p.company_id = l.company_id AND p.id = l.product_id
      WHERE b.company_id = ${c} AND b.order_id = ${doc.type === "Order" ? doc.id : 0}
        AND (s.approve OR NOT s.finish)
        AND ${readableDocument(ctx, "Budget", sql`b.company_id`, sql`b.id`)}
      GROUP BY b.id, b.correlative_id, s.name, s.approve, p.id, p.code, p.name`;
    // A requirement or an order carries a handful of products; bounded anyway.
    const rows = await queryRows<{
      kind: SuggestionSource["kind"];
      id: number;
      name: string;
      approved: boolean;
      product_id: number;
      code: string;
      product_name: string;
      quantity: number;
    }>(ctx.db, sql`${requirement} UNION ALL ${budgets} ORDER BY rank, approved DESC, id DESC, code LIMIT 1000`);
    const held = await queryRows<{ product_id: number; warehouse_id: number; quantity: number }>(
      ctx.db,
      sql`SELECT product_id, warehouse_id, quantity FROM stock_balances
          WHERE company_id = ${c} AND product_id = ANY(${intArray([...new Set(rows.map((r) => r.product_id))])})`,
    );
    const stockOf = (productId: number) =>
      held.filter((h) => h.product_id === productId).map(({ warehouse_id, quantity }) => ({ warehouse_id, quantity }));
    const sources = new Map<string, SuggestionSource>();
    for (const r of rows) {
      const key = `${r.kind}:${r.id}`;
      const source = sources.get(key) ?? { kind: r.kind, id: r.id, name: r.name, approved: r.approved, lines: [] };
      sources.set(key, source);
      if (source.lines.length < 100)
        source.lines.push({
          product_id: r.product_id,
          code: r.code,
          name: r.product_name,
          quantity: r.quantity,
          stock: stockOf(r.product_id),
        });
    }
    return [...sources.values()];
  });
