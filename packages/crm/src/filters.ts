// The management lists' filters, turned into one SQL condition that the list and the KPI strip share: the KPIs
// cannot drift from the list (test/lists.test.ts compares them).
import {
  CRM_DATE_RANGES,
  crmInstantRange,
  type CrmCategory,
  type CrmDateRange,
  type CrmKind,
  type Instant,
  CRM_CATEGORIES,
  idSchema as id,
  listSearchSchema,
} from "@taller/core";
import { intArray, searchCondition, searchTerm, type SearchTerm } from "@taller/db";
import { crmOwnCondition } from "./own-condition";
import { listScope, locationIdsInput, type ListScope, type ScopeContext } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";

/** What the lists and the KPIs filter by (seed 001 section 3 'Filter', plus search and the shell's locations). */
export const filtersInput = {
  date_range: z.enum(CRM_DATE_RANGES).default("all_time"),
  /** retentions/{id}, absences/{id}: the list filtered to that management. */
  id: id.nullish(),
  search: listSearchSchema,
  location_ids: locationIdsInput,
};

/** The categories shown; absent: every category of the kind. An empty list matches nothing. */
export const statusInput = z.array(z.enum(CRM_CATEGORIES)).max(5).nullish();

export interface CrmListFilters {
  scope: ListScope;
  kind: CrmKind;
  /** null: every category. Sorted, so equal filters fingerprint alike. */
  categories: CrmCategory[] | null;
  dateRange: CrmDateRange;
  from: Instant | null;
  to: Instant | null;
  id: number | null;
  search: SearchTerm | null;
}

export interface FilterValues {
  status?: readonly CrmCategory[] | null;
  date_range: CrmDateRange;
  id?: number | null;
  search?: string | null;
  location_ids?: readonly number[] | null;
}

/** Input to filters under the caller's scope (read crm: selected locations, own managements). */
export async function crmFilters(
  ctx: ScopeContext,
  kind: CrmKind,
  input: FilterValues,
  now = new Date(),
): Promise<CrmListFilters> {
  const range = crmInstantRange(input.date_range, now);
  return {
    scope: await listScope(ctx, { action: "read", resource: "crm", locationIds: input.location_ids }),
    kind,
    categories: input.status ? [...new Set(input.status)].sort() : null,
    dateRange: input.date_range,
    from: range.from,
    to: range.to,
    id: input.id ?? null,
    search: searchTerm(input.search),
  };
}

/** Every filter as one condition on `crms` (alias c); `withCategories: false` leaves the status filter out (KPIs). */
export function filterConditions(f: CrmListFilters, withCategories = true): SQL {
  const parts: SQL[] = [sql`c.company_id = ${f.scope.companyId}`, sql`c.kind = ${f.kind}`];
  if (withCategories && f.categories)
    parts.push(sql`c.category = ANY(${sql`${`{${f.categories.join(",")}}`}::text[]`})`);
  if (f.from) parts.push(sql`c.created_at >= ${f.from}::timestamptz`);
  if (f.to) parts.push(sql`c.created_at < ${f.to}::timestamptz`);
  if (f.id !== null) parts.push(sql`c.id = ${f.id}`);
  if (f.search) parts.push(searchCondition(f.search, "c."));
  if (f.scope.locationIds) parts.push(sql`c.location_id = ANY(${intArray(f.scope.locationIds)})`);
  if (f.scope.ownerId !== null) parts.push(crmOwnCondition(f.scope.ownerId));
  return sql.join(parts, sql` AND `);
}
