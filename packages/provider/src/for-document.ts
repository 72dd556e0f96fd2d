import type { Instant } from "@taller/core";
import { queryRows, termNotFound } from "@taller/db";
import { can, readableDocument, staffProcedure, userError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { inventoryAction, readAction, readLines, type InventoryAction } from "./action";
import { linkExpiries } from "./links";
import { idSchema as id } from "@taller/core";

export interface DocumentProviderAction extends InventoryAction {
  provider: { id: number; name: string };
  /** When the live link stops opening the page; null: no live link (revoked, expired, never issued). */
  link_expires_at: Instant | null;
}

/**
 * An order's (or a budget's) pricings and buy orders, newest first: an order or budget the caller may read, and with
 * an own-records grant on inventory_action only the ones he asked for.
 */
export const forDocument = staffProcedure
  .use(can("read", "inventory_action"))
  .input(z.union([z.object({ order_id: id }), z.object({ budget_id: id })]))
  .query(async ({ ctx, input }): Promise<DocumentProviderAction[]> => {
    const [document] = await queryRows<{ id: number }>(
      ctx.db,
      "order_id" in input
        ? sql`SELECT o.id FROM orders o WHERE o.company_id = ${ctx.companyId} AND o.id = ${input.order_id}
                AND ${readableDocument(ctx, "Order", sql`o.company_id`, sql`o.id`)}`
        : sql`SELECT b.id FROM budgets b WHERE b.company_id = ${ctx.companyId} AND b.id = ${input.budget_id}
                AND ${readableDocument(ctx, "Budget", sql`b.company_id`, sql`b.id`)}`,
    );
    if (!document) {
      const what =
        "order_id" in input ? await termNotFound(ctx.db, ctx.companyId, "order") : "Presupuesto no encontrado";
      throw userError("NOT_FOUND", what);
    }
    const where = "order_id" in input ? sql`a.order_id = ${input.order_id}` : sql`a.budget_id = ${input.budget_id}`;
    // With an own-records grant, only the pricings and buy orders the caller asked for (as the actions' list).
    const own = ctx.ownOnly("read", "inventory_action") ? sql`a.requester_id = ${ctx.user.id}` : sql`true`;
    const rows = await queryRows<{ id: number; provider_id: number; provider_name: string }>(
      ctx.db,
      sql`SELECT a.id, p.id AS provider_id, p.name AS provider_name FROM provider_actions a
          JOIN providers p ON p.company_id = a.company_id AND p.id = a.provider_id
          WHERE a.company_id = ${ctx.companyId} AND ${where} AND ${own} ORDER BY a.id DESC LIMIT 100`,
    );
    const expiries = await linkExpiries(
      ctx.db,
      ctx.companyId,
      rows.map((r) => r.id),
    );
    const out: DocumentProviderAction[] = [];
    for (const r of rows) {
      const row = await readAction(ctx.db, ctx.companyId, r.id);
      if (!row) continue;
      out.push({
        ...inventoryAction(row, await readLines(ctx.db, ctx.companyId, r.id)),
        provider: { id: r.provider_id, name: r.provider_name },
        link_expires_at: expiries.get(r.id) ?? null,
      });
    }
    return out;
  });
