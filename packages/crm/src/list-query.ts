// The SQL of the management lists: one page after a keyset key, the per-category totals the KPI strip reads, and the
// list's total (from the same stored totals in the default view, so they agree; otherwise counted up to the cap).
import {
  CRM_SORTS,
  PAGE_SIZE,
  SORT_DIRECTIONS,
  type CrmCategory,
  type CrmSort,
  type Instant,
  type SortDirection,
} from "@taller/core";
import { instantText, intArray, queryRows, type Db } from "@taller/db";
import { cappedCount, type Counted } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { filterConditions, type CrmListFilters } from "./filters";

export const sortInput = {
  sort: z.enum(CRM_SORTS).default("created_at"),
  // Not `direction`: tRPC's infinite queries own an input field of that name.
  sort_direction: z.enum(SORT_DIRECTIONS).default("desc"),
};

export interface CrmSortSpec {
  sort: CrmSort;
  direction: SortDirection;
}

/**
 * The sorted value as a timestamptz: created_at as is (the list index serves it); nullable columns sort their
 * empty values first (ascending) through a far-past stand-in, so the keyset comparison never meets a NULL.
 */
function sortExpression(sort: CrmSort): SQL {
  switch (sort) {
    case "created_at":
      return sql`c.created_at`;
    case "last_contacted_at":
      return sql`coalesce(c.last_contacted_at, timestamptz '1900-01-01 00:00Z')`;
    case "scheduled_for":
      return sql`(coalesce(c.scheduled_for, date '1900-01-01')::timestamp AT TIME ZONE 'UTC')`;
    default:
      throw new Error(`unknown CRM sort ${String(sort)}`);
  }
}

/** A row's position: the sorted value in whole microseconds (timestamptz's precision) and the id breaking ties. */
export const sortKeySchema = z.tuple([z.number().int(), z.number().int()]);
export type CrmKey = z.infer<typeof sortKeySchema>;

export interface CrmListRow {
  id: number;
  correlative_id: number;
  kind: string;
  status: { id: number; name: string; color: string } | null;
  category: CrmCategory;
  on_hold: boolean;
  created_at: Instant;
  scheduled_for: string | null;
  reschedule_to: Instant | null;
  check_in_time: Instant | null;
  rut: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  object_brand_name: string | null;
  object_brand_model_name: string | null;
  object_identifier: string | null;
  requirement_name: string | null;
  to_requirement_name: string | null;
  to_requirement_id: number | null;
  location_name: string | null;
  location_id: number | null;
  last_contacted_at: Instant | null;
  booking_id: number | null;
  order_id: number | null;
  client_id: number | null;
  client_rating: number | null;
  object_id: number | null;
  object_vin: string | null;
  brand_id: number | null;
  brand_model_id: number | null;
  color: string | null;
  object_custom_fields: Record<string, unknown> | null;
  estimated_amount: number;
  recovered_amount: number;
  comment: string | null;
  user_name: string | null;
}

interface PageRow extends Omit<CrmListRow, "status"> {
  sort_us: number;
  status_id: number | null;
  status_name: string | null;
  status_color: string | null;
}

/** PAGE_SIZE + 1 rows after `key` in list order, with every column the tables show. */
export async function findPage(
  db: Db,
  f: CrmListFilters,
  s: CrmSortSpec,
  key: CrmKey | null,
): Promise<{ key: CrmKey; row: CrmListRow }[]> {
  const expr = sortExpression(s.sort);
  const dir = sql.raw(s.direction === "desc" ? "desc" : "asc");
  const op = sql.raw(s.direction === "desc" ? "<" : ">");
  const after = key
    ? sql`(${expr}, c.id) ${op} (timestamptz 'epoch' + ${key[0]}::float8 * interval '1 microsecond', ${key[1]}::int)`
    : sql`true`;
  const retention = f.kind === "retention";
  // One-row lookups as scalar subqueries, not joins: with twelve relations the planner spent 40-90 ms (five
  // times the execution, EXPLAIN at 200,000 managements) searching join orders; four keep it to a few ms.
  const nameOf = (table: string, company: string, id: string) =>
    sql.raw(`(SELECT x.name FROM ${table} x WHERE x.company_id = ${company} AND x.id = ${id})`);
  const requirementName = nameOf("requirements", "c.company_id", "c.requirement_id");
  const rows = await queryRows<PageRow>(
    db,
    sql`SELECT c.id, c.correlative_id, c.kind, c.category, c.on_hold, (extract(epoch from ${expr}) * 1000000)::float8 AS sort_us,
               c.status_id, ${nameOf("statuses", "c.company_id", "c.status_id")} AS status_name,
               (SELECT s.color FROM statuses s WHERE s.company_id = c.company_id AND s.id = c.status_id) AS status_color,
               ${instantText(sql`c.created_at`)} AS created_at, c.scheduled_for::text AS scheduled_for,
               ${instantText(sql`CASE WHEN c.kind <> 'retention' THEN b.start_at END`)} AS reschedule_to,
               ${instantText(sql`coalesce((SELECT o.check_in_time FROM orders o WHERE o.company_id = b.company_id AND o.id = b.order_id), b.check_in_time)`)} AS check_in_time,
               cl.rut, cl.name, cl.email, cl.phone, cl.id AS client_id, cl.rating AS client_rating,
               ${nameOf("brands", "v.company_id", "v.brand_id")} AS object_brand_name,
               ${nameOf("brand_models", "v.company_id", "v.brand_model_id")} AS object_brand_model_name, v.identifier AS object_identifier,
               v.id AS object_id, v.chassis AS object_vin, v.brand_id, v.brand_model_id, v.color,
               v.custom_fields AS object_custom_fields,
               ${retention ? nameOf("requirements", "c.company_id", "c.from_requirement_id") : requirementName} AS requirement_name,
               ${retention ? requirementName : sql`null::text`} AS to_requirement_name,
               ${retention ? sql`c.requirement_id` : sql`null::int`} AS to_requirement_id,
               ${nameOf("locations", "c.company_id", "c.location_id")} AS location_name, c.location_id,
               ${instantText(sql`c.last_contacted_at`)} AS last_contacted_at,
               c.booking_id, b.order_id, c.estimated_amount, c.recovered_amount, c.comment,
               ${nameOf("users", "c.company_id", "c.user_id")} AS user_name
        FROM crms c
        LEFT JOIN clients cl ON cl.company_id = c.company_id AND cl.id = c.client_id
        LEFT JOIN vehicles v ON v.company_id = c.company_id AND v.id = c.vehicle_id
        LEFT JOIN bookings b ON b.company_id = c.company_id AND b.id = c.booking_id
        WHERE ${filterConditions(f)} AND ${after}
        ORDER BY ${expr} ${dir}, c.id ${dir}
        LIMIT ${PAGE_SIZE + 1}`,
  );
  return rows.map(({ sort_us, status_id, status_name, status_color, ...rest }) => ({
    key: [sort_us, rest.id] as CrmKey,
    row: {
      ...rest,
      status:
        status_id === null || status_name === null || status_color === null
          ? null
          : { id: status_id, name: status_name, color: status_color },
    },
  }));
}

export interface CategoryTotal {
  category: CrmCategory;
  count: number;
  estimated: number;
  recovered: number;
}

/**
 * Count and amounts per category under every filter but the status filter: the KPI boxes, and (summed over the
 * selected categories) the list's total. Exact. With no date range, id, search or own scope (every list's and KPI
 * strip's default) they are read from crm_counts, kept by triggers; otherwise counted (crms_kpi_idx serves the
 * date ranges, index-only after VACUUM).
 */
export async function categoryTotals(db: Db, f: CrmListFilters): Promise<CategoryTotal[]> {
  if (storedTotalsServe(f)) {
    const locations = f.scope.locationIds ? sql`AND location_key = ANY(${intArray(f.scope.locationIds)})` : sql``;
    return queryRows<CategoryTotal>(
      db,
      sql`SELECT category, sum(count)::int AS count, sum(estimated)::float8 AS estimated, sum(recovered)::float8 AS recovered
          FROM crm_counts WHERE company_id = ${f.scope.companyId} AND kind = ${f.kind} ${locations}
          GROUP BY category HAVING sum(count) > 0`,
    );
  }
  return queryRows<CategoryTotal>(
    db,
    sql`SELECT c.category, count(*)::int AS count, coalesce(sum(c.estimated_amount), 0)::float8 AS estimated,
               coalesce(sum(c.recovered_amount), 0)::float8 AS recovered
        FROM crms c WHERE ${filterConditions(f, false)} GROUP BY c.category`,
  );
}

/** crm_counts answers every view without a date range, an id, a search or an own scope. */
const storedTotalsServe = (f: CrmListFilters) =>
  !f.from && !f.to && f.id === null && !f.search && f.scope.ownerId === null;

/**
 * The list's total: the selected categories' stored counts, or else the matches counted up to COUNT_CAP + 1 (a
 * five-year range or a one-letter search would otherwise count every match on each first page).
 */
export async function countList(db: Db, f: CrmListFilters): Promise<Counted> {
  if (!storedTotalsServe(f)) return cappedCount(db, sql`crms c`, filterConditions(f));
  let total = 0;
  for (const t of await categoryTotals(db, f)) if (!f.categories || f.categories.includes(t.category)) total += t.count;
  return { total, capped: false };
}
