import { idSchema, PROVIDER_TEXTS, type Instant } from "@taller/core";
import { instantText, queryRows } from "@taller/db";
import { can, staffProcedure, userError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { inventoryAction, readAction, readLines, type InventoryAction } from "../action";
import { linkExpiries } from "../links";
import { RECEIPT_DOCUMENT } from "../receive";

export interface ReceiptLine {
  product_id: number;
  code: string;
  name: string;
  quantity: number;
  unit_cost: number;
}

export interface Receipt {
  id: number;
  warehouse_name: string;
  user_name: string | null;
  created_at: Instant;
  lines: ReceiptLine[];
}

export interface ActionPage extends InventoryAction {
  provider: { id: number; name: string; mail: string | null; phone: string | null };
  order: { id: number; correlative_id: number } | null;
  budget: { id: number; correlative_id: number } | null;
  /** A buy order's pricing, or the buy order a pricing became. */
  pricing: { id: number; correlative_id: number } | null;
  buy_order: { id: number; correlative_id: number } | null;
  requester_name: string | null;
  warehouse_name: string | null;
  answered_at: Instant | null;
  link_expires_at: Instant | null;
  /** Its history: the receipts, oldest first, each with the units and costs that came in. */
  receipts: Receipt[];
}

/**
 * An inventory action's page (`/main/inventory-actions/{id}`): lines with what was received, status, its supplier,
 * order and budget, and its receipts. Read as its list and its chat are: read inventory_action, and with an
 * own-records grant only the actions the user asked for; another company's id, or one the user may not see, is
 * NOT_FOUND.
 */
export const get = staffProcedure
  .use(can("read", "inventory_action"))
  .input(z.object({ id: idSchema }))
  .query(async ({ ctx, input }) => {
    const row = await readAction(ctx.db, ctx.companyId, input.id);
    if (!row || (ctx.ownOnly("read", "inventory_action") && row.requester_id !== ctx.user.id))
      throw userError("NOT_FOUND", PROVIDER_TEXTS.notFound);
    const [links] = await queryRows<
      Omit<ActionPage, keyof InventoryAction | "answered_at" | "link_expires_at" | "receipts">
    >(
      ctx.db,
      sql`SELECT json_build_object('id', pr.id, 'name', pr.name, 'mail', pr.mail, 'phone', pr.phone) AS provider,
               CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('id', o.id, 'correlative_id', o.correlative_id) END AS order,
               CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object('id', b.id, 'correlative_id', b.correlative_id) END AS budget,
               (SELECT json_build_object('id', x.id, 'correlative_id', x.correlative_id) FROM provider_actions x
                 WHERE x.company_id = a.company_id AND x.id = a.pricing_id) AS pricing,
               (SELECT json_build_object('id', x.id, 'correlative_id', x.correlative_id) FROM provider_actions x
                 WHERE x.company_id = a.company_id AND x.pricing_id = a.id) AS buy_order,
               u.name AS requester_name, w.name AS warehouse_name
        FROM provider_actions a
        JOIN providers pr ON pr.company_id = a.company_id AND pr.id = a.provider_id
        LEFT JOIN orders o ON o.company_id = a.company_id AND o.id = a.order_id
        LEFT JOIN budgets b ON b.company_id = a.company_id AND b.id = a.budget_id
        LEFT JOIN users u ON u.company_id = a.company_id AND u.id = a.requester_id
        LEFT JOIN warehouses w ON w.company_id = a.company_id AND w.id = a.warehouse_id
        WHERE a.company_id = ${ctx.companyId} AND a.id = ${row.id}`,
    );
    if (!links) throw userError("NOT_FOUND", PROVIDER_TEXTS.notFound);
    // A buy order is received a handful of times; bounded anyway.
    const receipts = await queryRows<Receipt>(
      ctx.db,
      sql`SELECT r.id, w.name AS warehouse_name, u.name AS user_name, ${instantText(sql`r.created_at`)} AS created_at,
               coalesce((SELECT json_agg(json_build_object('product_id', p.id, 'code', p.code, 'name', p.name,
                                  'quantity', m.quantity, 'unit_cost', m.unit_cost) ORDER BY p.code)
                         FROM stock_movements m JOIN products p ON p.company_id = m.company_id AND p.id = m.product_id
                         WHERE m.company_id = r.company_id AND m.document_type = ${RECEIPT_DOCUMENT}
                           AND m.document_id = r.id), '[]') AS lines
        FROM provider_receipts r
        JOIN warehouses w ON w.company_id = r.company_id AND w.id = r.warehouse_id
        LEFT JOIN users u ON u.company_id = r.company_id AND u.id = r.user_id
        WHERE r.company_id = ${ctx.companyId} AND r.action_id = ${row.id}
        ORDER BY r.id LIMIT 200`,
    );
    const expiries = await linkExpiries(ctx.db, ctx.companyId, [row.id]);
    const page: ActionPage = {
      ...inventoryAction(row, await readLines(ctx.db, ctx.companyId, row.id)),
      ...links,
      answered_at: row.answered_at,
      link_expires_at: expiries.get(row.id) ?? null,
      receipts,
    };
    return page;
  });
