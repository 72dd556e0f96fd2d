// The list's filters as one SQL condition, shared by the page, its counts and its export.
import {
  DTE_TYPE_CODES,
  INVOICE_STATUS_KEYS,
  dayDateSchema,
  idSchema,
  listSearchSchema,
  type InvoiceStatus,
} from "@taller/core";
import { searchCondition, searchTerm, type SearchTerm } from "@taller/db";
import type { ScopeContext } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";

export const filtersInput = {
  dte_type: z
    .array(
      z.union(
        DTE_TYPE_CODES.map((c) => z.literal(c)),
        { error: "Tipo de documento desconocido" },
      ),
    )
    .max(8)
    .nullish(),
  status: z
    .array(z.enum(INVOICE_STATUS_KEYS as [InvoiceStatus, ...InvoiceStatus[]], { error: "Estado desconocido" }))
    .max(10)
    .nullish(),
  from: dayDateSchema.nullish(),
  to: dayDateSchema.nullish(),
  client_id: idSchema.nullish(),
  search: listSearchSchema,
};

export interface InvoiceFilters {
  companyId: number;
  ownerId: number | null;
  types: number[] | null;
  statuses: InvoiceStatus[] | null;
  from: string | null;
  to: string | null;
  clientId: number | null;
  search: SearchTerm | null;
}

export function invoiceFilters(
  ctx: ScopeContext,
  input: {
    dte_type?: readonly number[] | null;
    status?: readonly InvoiceStatus[] | null;
    from?: string | null;
    to?: string | null;
    client_id?: number | null;
    search?: string | null;
  },
): InvoiceFilters {
  return {
    companyId: ctx.companyId,
    ownerId: ctx.ownOnly("read", "invoice") ? ctx.user.id : null,
    types: input.dte_type ? [...input.dte_type] : null,
    statuses: input.status ? [...input.status] : null,
    from: input.from ?? null,
    to: input.to ?? null,
    clientId: input.client_id ?? null,
    search: searchTerm(input.search),
  };
}

const list = (values: readonly (string | number)[]) =>
  values.length
    ? sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )
    : null;

/** Every filter over alias `i`; `withStatus: false` leaves the status filter out (the totals per status). */
export function filterConditions(f: InvoiceFilters, withStatus = true): SQL {
  const parts: SQL[] = [sql`i.company_id = ${f.companyId}`];
  if (f.types) {
    const l = list(f.types);
    parts.push(l ? sql`i.dte_type IN (${l})` : sql`false`);
  }
  if (withStatus && f.statuses) {
    const l = list(f.statuses);
    parts.push(l ? sql`i.status IN (${l})` : sql`false`);
  }
  // Days in America/Santiago: an issued document by its issue day, a draft by the day it was made.
  const day = sql`(coalesce(i.issued_at, i.created_at) AT TIME ZONE 'America/Santiago')::date`;
  if (f.from) parts.push(sql`${day} >= ${f.from}::date`);
  if (f.to) parts.push(sql`${day} <= ${f.to}::date`);
  if (f.clientId !== null) parts.push(sql`i.client_id = ${f.clientId}`);
  if (f.search) parts.push(searchCondition(f.search, "i."));
  if (f.ownerId !== null) parts.push(sql`i.created_by = ${f.ownerId}`);
  return sql.join(parts, sql` AND `);
}
