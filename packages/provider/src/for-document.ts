import type { Instant } from "@taller/core";
import { queryRows, termNotFound } from "@taller/db";
import { can, staffProcedure, userError } from "@taller/trpc";
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

/** An order's (or a budget's) pricings and buy orders, newest first. */
export const forDocument = staffProcedure
  .use(can("read", "inventory_action"))
  .input(z.union([z.object({ order_id: id }), z.object({ budget_id: id })]))
  .query(async ({ ctx, input }): Promise<DocumentProviderAction[]> => {
    const [document] = await queryRows<{ id: number }>(
      ctx.db,
      "order_id" in input
        ? sql`SELECT id FROM orders WHERE company_id = ${ctx.companyId} AND id = ${input.order_id}`
        : sql`SELECT id FROM budgets WHERE company_id = ${ctx.companyId} AND id = ${input.budget_id}`,
    );
    if (!document) {
      const what =
        "order_id" in input ? await termNotFound(ctx.db, ctx.companyId, "order") : "Presupuesto no encontrado";
      throw userError("NOT_FOUND", what);
    }
    const where = "order_id" in input ? sql`a.order_id = ${input.order_id}` : sql`a.budget_id = ${input.budget_id}`;
    const rows = await queryRows<{ id: number; provider_id: number; provider_name: string }>(
      ctx.db,
      sql`SELECT a.id, p.id AS provider_id, p.name AS provider_name FROM provider_actions a
          JOIN providers p ON p.company_id = a.company_id AND p.id = a.provider_id
          WHERE a.company_id = ${ctx.companyId} AND ${where} ORDER BY a.id DESC LIMIT 100`,
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
