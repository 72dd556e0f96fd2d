import {
  addDays,
  CALENDAR_MAX_DELIVERIES,
  CALENDAR_MAX_WINDOW_DAYS,
  CALENDAR_TYPES,
  EVENT_MAX_HOURS,
  zonedInstant,
} from "@taller/core";
import { intArray, queryRows } from "@taller/db";
import { can, fieldError, listScope, locationIdsInput, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { DELIVERY_COLUMNS, DELIVERY_JOINS, eventScopeCondition, orderScopeCondition, orderScopeOf, selectEvents, type Delivery, type OrderScope } from "./rows";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Fecha inválida (AAAA-MM-DD)");

/** Events one window answers at most (a workshop books a few a day). */
const MAX_EVENTS = 2000;

export const rangeInput = z.object({
  from: day,
  to: day,
  /** Absent: both calendars. */
  type: z.enum(CALENDAR_TYPES).nullish(),
  location_ids: locationIdsInput,
});

/** The number of days from `from` to `to` inclusive, or null when either is not a real day. */
function spanDays(from: string, to: string): number | null {
  try {
    return (Date.parse(`${addDays(to, 0)}T00:00:00Z`) - Date.parse(`${addDays(from, 0)}T00:00:00Z`)) / 86400_000 + 1;
  } catch {
    return null;
  }
}

/** A window's days checked: real days, in order, at most CALENDAR_MAX_WINDOW_DAYS long, in a sane century. */
export function checkWindow(from: string, to: string): void {
  const span = spanDays(from, to);
  if (span === null || from < "2000-01-01" || to > "2199-12-31") throw fieldError("BAD_REQUEST", span === null ? "from" : "to", "Fecha inválida");
  if (span < 1) throw fieldError("BAD_REQUEST", "to", "La fecha final no puede ser anterior a la inicial");
  if (span > CALENDAR_MAX_WINDOW_DAYS) throw fieldError("BAD_REQUEST", "to", `El rango no puede superar ${CALENDAR_MAX_WINDOW_DAYS} días`);
}

/**
 * Deliveries whose day (core's deliveryDisplay) is in [from, to]: the three rules of that function as three disjoint
 * index range scans (orders_calendar_*_idx), so a month costs what its deliveries cost, not the table.
 */
async function windowDeliveries(ctx: { db: Parameters<typeof queryRows>[0]; companyId: number }, scope: OrderScope, from: string, to: string) {
  const start = zonedInstant(from, "00:00");
  const end = zonedInstant(addDays(to, 1), "00:00");
  const c = ctx.companyId;
  const inScope = orderScopeCondition(scope);
  const rows = await queryRows<Delivery>(
    ctx.db,
    sql`SELECT ${DELIVERY_COLUMNS}
        FROM (
          SELECT * FROM orders WHERE company_id = ${c} AND completed_at IS NULL AND finish_date IS NOT NULL
                                 AND finish_date BETWEEN ${from}::date AND ${to}::date
          UNION ALL
          SELECT * FROM orders WHERE company_id = ${c} AND completed_at IS NOT NULL
                                 AND completed_at >= ${start}::timestamptz AND completed_at < ${end}::timestamptz
          UNION ALL
          SELECT * FROM orders WHERE company_id = ${c} AND completed_at IS NULL AND finish_date IS NULL AND ended_at IS NOT NULL
                                 AND ended_at >= ${start}::timestamptz AND ended_at < ${end}::timestamptz
        ) o
        ${DELIVERY_JOINS}
        WHERE ${inScope}
        ORDER BY coalesce(o.completed_at, o.ended_at, o.finish_date::timestamp AT TIME ZONE 'America/Santiago'), o.id
        LIMIT ${CALENDAR_MAX_DELIVERIES + 1}`,
  );
  return { deliveries: rows.slice(0, CALENDAR_MAX_DELIVERIES), capped: rows.length > CALENDAR_MAX_DELIVERIES };
}

/**
 * The calendar's window (seed 000 section 7, 'Calendar data'): deliveries, events and holidays ("holydays", the
 * spec's spelling) from `from` to `to` (the web asks for the month shown minus and plus 7 days). The shell's
 * selected locations and "own records only" grants apply: deliveries are orders (read on check_in, its own-only
 * scope: orders the user received or is assigned); events are the user's own with an own-only grant on event, and
 * an event attached to an order sits at that order's location (an event without one is the whole company's).
 */
export const range = staffProcedure
  .use(can("read", "event"))
  .input(rangeInput)
  .query(async ({ ctx, input }) => {
    checkWindow(input.from, input.to);
    const scope = await listScope(ctx, { action: "read", resource: "event", locationIds: input.location_ids });
    const orders = orderScopeOf(ctx, scope.locationIds);
    const wants = (type: (typeof CALENDAR_TYPES)[number]) => !input.type || input.type === type;

    const deliveries = wants("deliveries") && orders ? await windowDeliveries(ctx, orders, input.from, input.to) : { deliveries: [], capped: false };

    const start = zonedInstant(input.from, "00:00");
    const end = zonedInstant(addDays(input.to, 1), "00:00");
    const events = wants("events")
      ? await selectEvents(
          ctx.db,
          ctx.companyId,
          orders,
          // Events overlapping the window. None lasts longer than EVENT_MAX_HOURS, so the start's lower bound keeps
          // this one range of events_company_start_idx.
          sql`e.start_at >= ${start}::timestamptz - ${`${EVENT_MAX_HOURS} hours`}::interval AND e.start_at < ${end}::timestamptz
              AND e.start_at + e.duration_minutes * interval '1 minute' > ${start}::timestamptz
              AND ${eventScopeCondition(scope)}`,
          { limit: MAX_EVENTS },
        )
      : [];

    const holydays = await queryRows<{ date: string; name: string; location_id: number | null }>(
      ctx.db,
      sql`SELECT date::text AS date, name, location_id FROM holidays
          WHERE company_id = ${ctx.companyId} AND date BETWEEN ${input.from}::date AND ${input.to}::date
            AND (location_id IS NULL ${scope.locationIds ? sql`OR location_id = ANY(${intArray(scope.locationIds)})` : sql``})
          ORDER BY date, id`,
    );

    return { deliveries: deliveries.deliveries, deliveries_capped: deliveries.capped, events, holydays };
  });
