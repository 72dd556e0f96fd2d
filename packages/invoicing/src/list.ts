// 'Facturación': a page of documents, newest first, through the list pipeline (signed keyset cursor on the id), and
// on the first page the totals per status (count and pesos) under the same filters (counts.ts: stored, or capped).
import { PAGE_SIZE, idSchema, type Instant, type InvoiceStatus } from "@taller/core";
import { instantText, queryRows, type Db } from "@taller/db";
import { can, cursorInput, listPage, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { countInvoices } from "./counts";
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
      count: () => countInvoices(ctx.db, filters),
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

/** The status boxes alone (count and pesos per status) under the list's filters, as the first page answers them. */
export const totalsByStatus = staffProcedure
  .use(can("read", "invoice"))
  .input(z.object(filtersInput).optional())
  .query(async ({ ctx, input }) => (await countInvoices(ctx.db, invoiceFilters(ctx, input ?? {}))).totals);
