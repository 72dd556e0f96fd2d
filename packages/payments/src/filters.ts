// The list's filters as one SQL condition, shared by the page and its counts (so the legend cannot drift from it).
import { PAYMENT_STATUS_IDS, type PaymentStatusId, listSearchSchema } from "@taller/core";
import { searchCondition, searchTerm, type SearchTerm } from "@taller/db";
import { normalizeIds, type ScopeContext } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";

export const statusIdsInput = z
  .array(z.union([z.literal(1), z.literal(2)], { error: "Estado desconocido" }))
  .max(PAYMENT_STATUS_IDS.length * 2)
  .nullish();

export const filtersInput = {
  /** The legend's statuses (1 'Pendiente', 2 'Pagado'); absent: both; empty: none. */
  status_id: statusIdsInput,
  search: listSearchSchema,
};

export interface PaymentFilters {
  companyId: number;
  /** With an own-records grant: the requests this user made. */
  ownerId: number | null;
  statuses: PaymentStatusId[] | null;
  search: SearchTerm | null;
}

export function paymentFilters(
  ctx: ScopeContext,
  input: { status_id?: readonly PaymentStatusId[] | null; search?: string | null },
): PaymentFilters {
  return {
    companyId: ctx.companyId,
    ownerId: ctx.ownOnly("read", "payment") ? ctx.user.id : null,
    statuses: normalizeIds(input.status_id),
    search: searchTerm(input.search),
  };
}

/** Every filter on payment_requests (alias p); `withStatus: false` leaves the legend's filter out (its counts). */
export function filterConditions(f: PaymentFilters, withStatus = true): SQL {
  const parts: SQL[] = [sql`p.company_id = ${f.companyId}`];
  if (withStatus && f.statuses)
    parts.push(
      f.statuses.length
        ? sql`p.status IN (${sql.join(
            f.statuses.map((s) => sql`${s}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (f.search) parts.push(searchCondition(f.search, "p."));
  if (f.ownerId !== null) parts.push(sql`p.created_by = ${f.ownerId}`);
  return sql.join(parts, sql` AND `);
}
