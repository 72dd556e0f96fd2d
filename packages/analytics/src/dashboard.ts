import {
  ANALYTICS_TEXTS,
  analyticsGrain,
  analyticsRangeSchema,
  previousPeriod,
  type AnalyticsGrain,
} from "@taller/core";
import { loadAvailableMinutes } from "@taller/booking";
import { intArray, loadCompanyTerms, queryRows } from "@taller/db";
import { can, listScope, locationIdsInput, staffProcedure, userError, type ScopeContext } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { figureTables } from "./tables";
import { z } from "zod";
import {
  periodsOf,
  rangePieces,
  SERIES_METRICS,
  seriesOf,
  totalsOf,
  type BudgetStatus,
  type MetricRow,
  type SeriesPoint,
  type Totals,
} from "./figures";

export const dashboardInput = analyticsRangeSchema.and(
  z.object({ location_ids: locationIdsInput, compare: z.boolean().default(true) }),
);

export type DashboardInput = z.infer<typeof dashboardInput>;

export interface Dashboard {
  from: string;
  to: string;
  grain: AnalyticsGrain;
  previous: { from: string; to: string; totals: Totals } | null;
  totals: Totals;
  series: SeriesPoint[];
  /** The technicians' names, by user id (a deleted user's works went with it). */
  users: { id: number; name: string }[];
}

/**
 * The rows of a range as (day, metric, dim, value), each piece read from its table's primary key range: whole months
 * from analytics_months (dated their first day), the days around them from analytics_days; `days` reads days only
 * (a series by day or week).
 */
function rangeRows(companyId: number, locations: SQL, from: string, to: string, only: "days" | "any"): SQL {
  const pieces = only === "days" ? [{ table: "days" as const, from, to }] : rangePieces(from, to);
  return sql.join(
    pieces.map((p) =>
      p.table === "days"
        ? sql`SELECT day, metric, dim, value FROM analytics_days
               WHERE company_id = ${companyId} AND day BETWEEN ${p.from}::date AND ${p.to}::date AND ${locations}`
        : sql`SELECT month AS day, metric, dim, value FROM analytics_months
               WHERE company_id = ${companyId} AND month BETWEEN ${p.from}::date AND ${p.to}::date AND ${locations}`,
    ),
    sql` UNION ALL `,
  );
}

/**
 * The whole dashboard, read only from the aggregates the triggers keep (migration analytics): the range's and, with
 * `compare`, the previous period's totals per metric and dimension, and the range's series per day, week or month.
 * Five years read 60 month rows per key and at most two partial months of day rows, whatever the number of orders.
 * Company-wide figures: an own-records grant is refused rather than shown the company's.
 */
export async function readDashboard(ctx: ScopeContext, input: DashboardInput): Promise<Dashboard> {
  if (ctx.ownOnly("read", "analytics")) throw userError("FORBIDDEN", ANALYTICS_TEXTS.ownOnly);
  const scope = await listScope(ctx, { action: "read", resource: "analytics", locationIds: input.location_ids });
  const prev = input.compare ? previousPeriod(input.from, input.to) : null;
  const grain = analyticsGrain(input.from, input.to);
  const locations = scope.locationIds === null ? sql`true` : sql`location_key = ANY(${intArray(scope.locationIds)})`;
  const period = (from: string, to: string, current: boolean) =>
    sql`SELECT ${current}::boolean AS current, metric, dim, value FROM (${rangeRows(ctx.companyId, locations, from, to, "any")}) r`;
  const totalsRows = await queryRows<MetricRow & { current: boolean }>(
    ctx.db,
    sql`SELECT current, metric, dim, sum(value)::float8 AS value
          FROM (${period(input.from, input.to, true)}${prev ? sql` UNION ALL ${period(prev.from, prev.to, false)}` : sql``}) t
         GROUP BY 1, 2, 3`,
  );
  const seriesRows = await queryRows<{ period: string; metric: string; value: number }>(
    ctx.db,
    sql`SELECT to_char(date_trunc(${grain}, day), 'YYYY-MM-DD') AS period, metric, sum(value)::float8 AS value
          FROM (${rangeRows(ctx.companyId, locations, input.from, input.to, grain === "month" ? "any" : "days")}) r
         WHERE metric IN (${sql.join(
           SERIES_METRICS.map((m) => sql`${m}`),
           sql`, `,
         )})
         GROUP BY 1, 2`,
  );
  // The company's few budget statuses: which one is initial and which mean approval is read now, not stored, so
  // marking another status as approval at /admin/statuses reclassifies every period at once.
  const budgetStatuses = await queryRows<BudgetStatus>(
    ctx.db,
    sql`SELECT id, name, finish, approve, position FROM statuses
         WHERE company_id = ${ctx.companyId} AND type = 'Budget' ORDER BY position, id`,
  );
  // The agenda's offered hours come from the booking rules (a few small reads), not from stored aggregates: a
  // change of hours or a new holiday reads right at once for every period.
  const [available, availableBefore] = await Promise.all([
    loadAvailableMinutes(ctx.db, ctx.companyId, input.from, input.to, scope.locationIds),
    prev ? loadAvailableMinutes(ctx.db, ctx.companyId, prev.from, prev.to, scope.locationIds) : 0,
  ]);
  const totals = totalsOf(
    totalsRows.filter((r) => r.current),
    budgetStatuses,
    available,
  );
  const userIds = totals.technicians.map((t) => t.user_id);
  const users =
    userIds.length === 0
      ? []
      : await queryRows<{ id: number; name: string }>(
          ctx.db,
          sql`SELECT id, name FROM users WHERE company_id = ${ctx.companyId} AND id = ANY(${intArray(userIds)}) ORDER BY id`,
        );
  return {
    from: input.from,
    to: input.to,
    grain,
    previous: prev && {
      ...prev,
      totals: totalsOf(
        totalsRows.filter((r) => !r.current),
        budgetStatuses,
        availableBefore,
      ),
    },
    totals,
    series: seriesOf(periodsOf(input.from, input.to, grain), seriesRows),
    users,
  };
}

/** The dashboard with the table behind each chart, and the company's terms those tables and titles are named in. */
export async function readDashboardTables(ctx: ScopeContext, input: DashboardInput) {
  const [d, terms] = await Promise.all([readDashboard(ctx, input), loadCompanyTerms(ctx.db, ctx.companyId)]);
  return { dashboard: { ...d, tables: figureTables(d, terms.order) }, terms };
}

/** The dashboard and the table behind each of its charts, in one call. */
export const dashboard = staffProcedure
  .use(can("read", "analytics"))
  .input(dashboardInput)
  .query(async ({ ctx, input }) => (await readDashboardTables(ctx, input)).dashboard);
