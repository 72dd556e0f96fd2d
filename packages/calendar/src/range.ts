import {
  addDays,
  CALENDAR_MAX_DELIVERIES,
  CALENDAR_MAX_WINDOW_DAYS,
  CALENDAR_TYPES,
  EVENT_MAX_HOURS,
  isCalendarDay,
  zonedInstant,
} from "@taller/core";
import { intArray, queryRows, type Db } from "@taller/db";
import { can, fieldError, listScope, locationIdsInput, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import {
  DELIVERY_COLUMNS,
  DELIVERY_JOINS,
  eventScopeCondition,
  orderScopeCondition,
  orderScopeOf,
  selectEvents,
  type Delivery,
  type OrderScope,
} from "./rows";

const day = z.string().refine(isCalendarDay, "Fecha inválida");

/** Events one window answers at most (a workshop books a few a day). */
const MAX_EVENTS = 2000;

export const rangeInput = z.object({
  from: day,
  to: day,
  /** Absent: both calendars. */
  type: z.enum(CALENDAR_TYPES).nullish(),
  location_ids: locationIdsInput,
});

/** A window runs forward and lasts at most CALENDAR_MAX_WINDOW_DAYS days (both ends are real days already). */
export function checkWindow(from: string, to: string): void {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86400_000 + 1;
  if (days < 1) throw fieldError("BAD_REQUEST", "to", "La fecha final no puede ser anterior a la inicial");
  if (days > CALENDAR_MAX_WINDOW_DAYS)
    throw fieldError("BAD_REQUEST", "to", `El rango no puede superar ${CALENDAR_MAX_WINDOW_DAYS} días`);
}

/** A window's days, and the instants it spans on Chile's clock: from `from` 00:00 to the day after `to`, 00:00. */
interface Window {
  from: string;
  to: string;
  start: string;
  end: string;
}

/** The orders' columns a delivery reads (not the search text, which a `*` would carry along). */
const DELIVERY_FIELDS = sql.raw(
  "id, company_id, correlative_id, status_id, vehicle_id, client_id, location_id, user_id, assignee_id, finish_date, completed_at, ended_at, total",
);

/**
 * Deliveries whose day (core's deliveryDisplay) is in [from, to]: the three rules of that function as three disjoint
 * index range scans (orders_calendar_*_idx), so a month costs what its deliveries cost, not the table.
 */
async function windowDeliveries(ctx: { db: Db; companyId: number }, scope: OrderScope, window: Window) {
  const { from, to, start, end } = window;
  const c = ctx.companyId;
  const inScope = orderScopeCondition(scope);
  const rows = await queryRows<Delivery>(
    ctx.db,
    sql`SELECT ${DELIVERY_COLUMNS}
        FROM (
          SELECT ${DELIVERY_FIELDS} FROM orders WHERE company_id = ${c} AND completed_at IS NULL AND finish_date IS NOT NULL
                                 AND finish_date BETWEEN ${from}::date AND ${to}::date
          UNION ALL
          SELECT ${DELIVERY_FIELDS} FROM orders WHERE company_id = ${c} AND completed_at IS NOT NULL
                                 AND completed_at >= ${start}::timestamptz AND completed_at < ${end}::timestamptz
          UNION ALL
          SELECT ${DELIVERY_FIELDS} FROM orders WHERE company_id = ${c} AND completed_at IS NULL AND finish_date IS NULL AND ended_at IS NOT NULL
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

    const window: Window = {
      from: input.from,
      to: input.to,
      start: zonedInstant(input.from, "00:00"),
      end: zonedInstant(addDays(input.to, 1), "00:00"),
    };
    const { start, end } = window;
    const deliveries =
      wants("deliveries") && orders ? await windowDeliveries(ctx, orders, window) : { deliveries: [], capped: false };

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
