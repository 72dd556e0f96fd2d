import {
  ANALYTICS_TEXTS,
  analyticsGrain,
  analyticsRangeSchema,
  previousPeriod,
  type AnalyticsGrain,
} from "@taller/core";
import { intArray, queryRows } from "@taller/db";
import { can, listScope, locationIdsInput, staffProcedure, userError, type ScopeContext } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { figureTables } from "./tables";
import { z } from "zod";
import {
  periodsOf,
  SERIES_METRICS,
  seriesOf,
  totalsOf,
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
 * The whole dashboard, read only from `analytics_days` (kept by triggers, migration analytics): the range's and,
 * with `compare`, the previous period's totals per metric and dimension, and the range's series per day, week or
 * month. Both read the primary key's (company, day) range: five years are about 1,800 days' rows whatever the number
 * of orders. Company-wide figures: an own-records grant is refused rather than shown the company's.
 */
export async function readDashboard(ctx: ScopeContext, input: DashboardInput): Promise<Dashboard> {
  if (ctx.ownOnly("read", "analytics")) throw userError("FORBIDDEN", ANALYTICS_TEXTS.ownOnly);
  const scope = await listScope(ctx, { action: "read", resource: "analytics", locationIds: input.location_ids });
  const prev = input.compare ? previousPeriod(input.from, input.to) : null;
  const first = prev?.from ?? input.from;
  const grain = analyticsGrain(input.from, input.to);
  const where = sql`company_id = ${ctx.companyId} AND day BETWEEN ${first}::date AND ${input.to}::date
      AND ${scope.locationIds === null ? sql`true` : sql`location_key = ANY(${intArray(scope.locationIds)})`}`;
  const totalsRows = await queryRows<MetricRow & { current: boolean }>(
    ctx.db,
    sql`SELECT day >= ${input.from}::date AS current, metric, dim, sum(value)::float8 AS value
            FROM analytics_days WHERE ${where} GROUP BY 1, 2, 3`,
  );
  const seriesRows = await queryRows<{ period: string; metric: string; value: number }>(
    ctx.db,
    sql`SELECT to_char(date_trunc(${grain}, day), 'YYYY-MM-DD') AS period, metric, sum(value)::float8 AS value
            FROM analytics_days WHERE ${where} AND day >= ${input.from}::date
             AND metric IN (${sql.join(
               SERIES_METRICS.map((m) => sql`${m}`),
               sql`, `,
             )})
           GROUP BY 1, 2`,
  );
  const totals = totalsOf(totalsRows.filter((r) => r.current));
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
    previous: prev && { ...prev, totals: totalsOf(totalsRows.filter((r) => !r.current)) },
    totals,
    series: seriesOf(periodsOf(input.from, input.to, grain), seriesRows),
    users,
  };
}

/** The dashboard and the table behind each of its charts, in one call. */
export const dashboard = staffProcedure
  .use(can("read", "analytics"))
  .input(dashboardInput)
  .query(async ({ ctx, input }) => {
    const d = await readDashboard(ctx, input);
    return { ...d, tables: figureTables(d) };
  });
