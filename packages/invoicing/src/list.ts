// 'Facturación': a page of documents, newest first, through the list pipeline (signed keyset cursor on the id), and
// the totals per status (count and pesos) under the same filters, counted exactly (a company's documents are
// thousands, not millions; the other lists' capped counts are for tables that grow without bound).
import { INVOICE_STATUS_KEYS, PAGE_SIZE, idSchema, type Instant, type InvoiceStatus } from "@taller/core";
import { instantText, queryRows, type Db } from "@taller/db";
import { can, cursorInput, listPage, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { filterConditions, filtersInput, invoiceFilters, type InvoiceFilters } from "./filters";

const sortKeySchema = z.tuple([idSchema]);
type InvoiceKey = z.infer<typeof sortKeySchema>;

export interface InvoiceListRow {
  id: number;
  dte_type: number;
  status: InvoiceStatus;
  folio: number | null;
  receiver_name: string | null;
  receiver_rut: string | null;
  order_id: number | null;
  order_correlative: number | null;
  net: number;
  exempt: number;
  iva: number;
  total: number;
  issued_at: Instant | null;
  created_at: Instant;
}

export async function findPage(db: Db, f: InvoiceFilters, after: InvoiceKey | null, limit = PAGE_SIZE + 1) {
  return queryRows<InvoiceListRow>(
    db,
    sql`SELECT i.id, i.dte_type, i.status, i.folio, i.receiver_name, i.receiver_rut, i.order_id,
               o.correlative_id AS order_correlative, i.net, i.exempt, i.iva, i.total,
               ${instantText(sql`i.issued_at`)} AS issued_at, ${instantText(sql`i.created_at`)} AS created_at
        FROM invoices i LEFT JOIN orders o ON o.company_id = i.company_id AND o.id = i.order_id
        WHERE ${filterConditions(f)} AND ${after ? sql`i.id < ${after[0]}` : sql`true`}
        ORDER BY i.id DESC LIMIT ${limit}`,
  );
}

export interface StatusTotal {
  status: InvoiceStatus;
  count: number;
  /** Pesos of the documents in the status. */
  amount: number;
}

/** Count and pesos per status under every filter but the status one. */
export async function statusTotals(db: Db, f: InvoiceFilters): Promise<StatusTotal[]> {
  const rows = await queryRows<{ status: InvoiceStatus; count: number; amount: number }>(
    db,
    sql`SELECT i.status, count(*)::int AS count, coalesce(sum(i.total), 0)::bigint AS amount
        FROM invoices i WHERE ${filterConditions(f, false)} GROUP BY i.status`,
  );
  return INVOICE_STATUS_KEYS.map((status) => {
    const row = rows.find((r) => r.status === status);
    return { status, count: row?.count ?? 0, amount: Number(row?.amount ?? 0) };
  });
}

export const list = staffProcedure
  .use(can("read", "invoice"))
  .input(z.object({ ...filtersInput, cursor: cursorInput }))
  .query(async ({ ctx, input }) => {
    const filters = invoiceFilters(ctx, input);
    const { rows, info, counted } = await listPage({
      db: ctx.db,
      cursor: input.cursor,
      filter: filters,
      keySchema: sortKeySchema,
      fetch: (after) => findPage(ctx.db, filters, after),
      count: async () => {
        const totals = await statusTotals(ctx.db, filters);
        const selected = totals.filter((t) => !filters.statuses || filters.statuses.includes(t.status));
        return { total: selected.reduce((sum, t) => sum + t.count, 0), capped: false, totals };
      },
      keyOf: (i): InvoiceKey => [i.id],
    });
    // The client filter's name for the screen's chip (a reload keeps only the id in the URL); another company's
    // client reads nothing.
    const [client] =
      filters.clientId !== null && !input.cursor
        ? await queryRows<{ id: number; name: string }>(
            ctx.db,
            sql`SELECT id, name FROM clients WHERE company_id = ${ctx.companyId} AND id = ${filters.clientId}`,
          )
        : [];
    return { invoices: rows, ...info, totals: counted?.totals ?? null, client: client ?? null };
  });

/** The totals per status (count and pesos) under the list's filters. */
export const totalsByStatus = staffProcedure
  .use(can("read", "invoice"))
  .input(z.object(filtersInput).optional())
  .query(({ ctx, input }) => statusTotals(ctx.db, invoiceFilters(ctx, input ?? {})));
