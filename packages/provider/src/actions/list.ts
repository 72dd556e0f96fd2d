import {
  PAGE_SIZE,
  PROVIDER_STATUS_CODES,
  type Instant,
  type ProviderKind,
  type ProviderStatusCode,
} from "@taller/core";
import { containsPattern, instantText, queryRows } from "@taller/db";
import { can, cappedCount, cursorInput, listPage, ownedDocument, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";

export interface ActionListRow {
  id: number;
  kind: ProviderKind;
  correlative_id: number;
  status: ProviderStatusCode;
  draft: boolean;
  created_at: Instant;
  provider_name: string;
  order_id: number | null;
  order_correlative_id: number | null;
  budget_id: number | null;
  /** Lines (not removed), units ordered and received: a buy order's receipt progress. */
  lines: number;
  ordered: number;
  received: number;
}

// Built once: a zod schema costs more to build than to run.
const cursorKey = z.tuple([z.number().int()]);

export const actionListInput = z.object({
  kind: z.enum(["pricing", "buy_order"]),
  statuses: z.array(z.enum(PROVIDER_STATUS_CODES)).max(PROVIDER_STATUS_CODES.length).nullish(),
  search: z.string().max(200).nullish(),
  cursor: cursorInput,
});

/**
 * The inventory actions of one type ('Cotizaciones', 'Órdenes de compra'), newest first, a page at a time: status
 * filter, and a search by number ('12' or '#12') or by the supplier's name. A company's supplier documents are
 * hundreds to a few thousands: the (company, kind, number) index orders them, the name is matched on the way. An
 * own-records grant lists the actions the user asked for, as their chats and pages open.
 */
export const list = staffProcedure
  .use(can("read", "inventory_action"))
  .input(actionListInput)
  .query(async ({ ctx, input }) => {
    const statuses = [...new Set(input.statuses ?? [])].sort();
    const term = (input.search ?? "").trim().replace(/^#/, "");
    const pattern = containsPattern(term);
    const number = /^\d{1,9}$/.test(term) ? Number(term) : null;
    const ownerId = ctx.ownOnly("read", "inventory_action") ? ctx.user.id : null;
    const where = sql`ia.company_id = ${ctx.companyId} AND ia.kind = ${input.kind}
      AND ${ownedDocument("InventoryAction", ownerId)}
      ${
        statuses.length
          ? sql`AND ia.status IN (${sql.join(
              statuses.map((s) => sql`${s}`),
              sql`, `,
            )})`
          : sql``
      }
      ${pattern ? sql`AND (search_fold(pr.name) LIKE ${pattern} ${number !== null ? sql`OR ia.correlative_id = ${number}` : sql``})` : sql``}`;
    const from = sql`provider_actions ia JOIN providers pr ON pr.company_id = ia.company_id AND pr.id = ia.provider_id`;
    const { rows, info } = await listPage({
      db: ctx.db,
      cursor: input.cursor,
      filter: { kind: input.kind, statuses, search: term },
      keySchema: cursorKey,
      fetch: (after) =>
        queryRows<ActionListRow>(
          ctx.db,
          sql`SELECT ia.id, ia.kind, ia.correlative_id, ia.status, ia.draft, ${instantText(sql`ia.created_at`)} AS created_at,
                     pr.name AS provider_name, ia.order_id, o.correlative_id AS order_correlative_id, ia.budget_id,
                     coalesce(l.lines, 0) AS lines, coalesce(l.ordered, 0) AS ordered, coalesce(l.received, 0) AS received
              FROM ${from}
              LEFT JOIN orders o ON o.company_id = ia.company_id AND o.id = ia.order_id
              LEFT JOIN LATERAL (
                SELECT count(*)::int AS lines, sum(quantity)::int AS ordered, sum(received_quantity)::int AS received
                FROM provider_action_products
                WHERE company_id = ia.company_id AND action_id = ia.id AND NOT removed) l ON true
              WHERE ${where} ${after ? sql`AND ia.id < ${after[0]}` : sql``}
              ORDER BY ia.id DESC LIMIT ${PAGE_SIZE + 1}`,
        ),
      count: () => cappedCount(ctx.db, from, where),
      keyOf: (row) => [row.id] as [number],
    });
    return { actions: rows, ...info };
  });
