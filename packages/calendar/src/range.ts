import { CALENDAR_MAX_DELIVERIES, CALENDAR_MAX_EVENTS, EVENT_MAX_HOURS } from "@taller/core";
import { intArray, queryRows, type Db } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import {
  DELIVERY_COLUMNS,
  DELIVERY_JOINS,
  eventScopeCondition,
  orderScopeCondition,
  selectEvents,
  type Delivery,
  type OrderScope,
} from "./rows";
import { rangeInput, windowOrders, windowRequest, type Window } from "./window";

/** The orders' columns a delivery reads (not the search text, which a `*` would carry along). */
export const DELIVERY_FIELDS = sql.raw(
  "id, company_id, correlative_id, status_id, vehicle_id, client_id, location_id, user_id, assignee_id, finish_date, completed_at, ended_at, total",
);

/** The window's deliveries in the caller's scope, in time order, at most CALENDAR_MAX_DELIVERIES (and if more). */
async function windowDeliveries(ctx: { db: Db; companyId: number }, scope: OrderScope, window: Window) {
  const rows = await queryRows<Delivery>(
    ctx.db,
    sql`SELECT ${DELIVERY_COLUMNS}
        FROM ${windowOrders(ctx.companyId, window, DELIVERY_FIELDS)} o
        ${DELIVERY_JOINS}
        WHERE ${orderScopeCondition(scope)}
        ORDER BY coalesce(o.completed_at, o.ended_at, o.finish_date::timestamp AT TIME ZONE 'America/Santiago'), o.id
        LIMIT ${CALENDAR_MAX_DELIVERIES + 1}`,
  );
  return { deliveries: rows.slice(0, CALENDAR_MAX_DELIVERIES), capped: rows.length > CALENDAR_MAX_DELIVERIES };
}

/** Events overlapping the window (none lasts longer than EVENT_MAX_HOURS: one range of events_company_start_idx). */
export function windowEventsCondition(window: Window): SQL {
  const { start, end } = window;
  return sql`e.start_at >= ${start}::timestamptz - ${`${EVENT_MAX_HOURS} hours`}::interval AND e.start_at < ${end}::timestamptz
             AND e.start_at + e.duration_minutes * interval '1 minute' > ${start}::timestamptz`;
}

/**
 * The calendar's window in full (seed 000 section 7, 'Calendar data'): every delivery and event from `from` to `to`
 * and the holidays ("holydays", the spec's spelling). The web asks it for what a week or a day draws; the month grid
 * asks calendar.month. Past CALENDAR_MAX_DELIVERIES deliveries or CALENDAR_MAX_EVENTS events the answer stops and
 * says so (`deliveries_capped`, `events_capped`), and the screen says it too. The shell's selected locations and
 * "own records only" grants apply: deliveries are orders (read on check_in, its own-only scope: orders the user
 * received or is assigned); events are the user's own with an own-only grant on event, and an event attached to an
 * order sits at that order's location (an event without one is the whole company's).
 */
export const range = staffProcedure
  .use(can("read", "event"))
  .input(rangeInput)
  .query(async ({ ctx, input }) => {
    const { scope, orders, wants, window } = await windowRequest(ctx, input);
    const deliveries =
      wants("deliveries") && orders ? await windowDeliveries(ctx, orders, window) : { deliveries: [], capped: false };

    const events = wants("events")
      ? await selectEvents(
          ctx.db,
          ctx.companyId,
          orders,
          sql`${windowEventsCondition(window)} AND ${eventScopeCondition(scope)}`,
          { limit: CALENDAR_MAX_EVENTS + 1 },
        )
      : [];

    return {
      deliveries: deliveries.deliveries,
      deliveries_capped: deliveries.capped,
      events: events.slice(0, CALENDAR_MAX_EVENTS),
      events_capped: events.length > CALENDAR_MAX_EVENTS,
      holydays: await windowHolidays(ctx, scope.locationIds, window),
    };
  });

/** The window's holidays: the company's and those of the selected locations. */
export function windowHolidays(ctx: { db: Db; companyId: number }, locationIds: number[] | null, window: Window) {
  return queryRows<{ date: string; name: string; location_id: number | null }>(
    ctx.db,
    sql`SELECT date::text AS date, name, location_id FROM holidays
        WHERE company_id = ${ctx.companyId} AND date BETWEEN ${window.from}::date AND ${window.to}::date
          AND (location_id IS NULL ${locationIds ? sql`OR location_id = ANY(${intArray(locationIds)})` : sql``})
        ORDER BY date, id`,
  );
}
