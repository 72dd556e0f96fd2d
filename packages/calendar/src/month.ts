import { CALENDAR_MONTH_SHOWN, type CalendarType } from "@taller/core";
import { intArray, queryRows, type Db } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { windowEventsCondition, windowHolidays } from "./range";
import {
  DELIVERY_COLUMNS,
  DELIVERY_JOINS,
  eventScopeCondition,
  orderScopeCondition,
  selectEvents,
  type CalendarEvent,
  type Delivery,
} from "./rows";
import { rangeInput, windowOrders, windowRequest } from "./window";

/** Per day ('YYYY-MM-DD'): how many items it holds, and the ids of its first CALENDAR_MONTH_SHOWN in order. */
type PerDay = { day: string; total: number; ids: number[] }[];

/** The month grid's answer: per day the count, and the items a cell lists. */
export interface CalendarMonth {
  deliveries: Delivery[];
  events: CalendarEvent[];
  /** Per day, its deliveries (or events) in the caller's scope: the cell's '+N más' is this less those listed. */
  counts: Record<CalendarType, Record<string, number>>;
  holydays: { date: string; name: string; location_id: number | null }[];
}

const TZ = sql.raw("'America/Santiago'");

/** Groups per day ranked by `order` (a window ORDER BY over the rows of `rows`, each with `id` and `day`). */
function firstPerDay(db: Db, rows: SQL, order: SQL): Promise<PerDay> {
  return queryRows(
    db,
    sql`SELECT r.day::text AS day, count(*)::int AS total,
               (array_agg(r.id ORDER BY ${order}))[1:${CALENDAR_MONTH_SHOWN}] AS ids
        FROM ${rows} r
        GROUP BY r.day`,
  );
}

const countsOf = (perDay: PerDay) => Object.fromEntries(perDay.map((d) => [d.day, d.total]));

/**
 * The calendar's month grid (seed 000 section 7): per day the number of deliveries and events in the caller's scope
 * (same scope and window rules as calendar.range), and the first CALENDAR_MONTH_SHOWN of each day in the screen's day
 * order (timed by their Chile time, then all-day; then by label: a delivery's plate or '#n', an event's name folded).
 * The window's rows are counted on orders and events with no join but the vehicle's plate (one key lookup each) that
 * orders a day's deliveries; the names, statuses and totals are read for the items listed only. A day opens its
 * complete list through calendar.range.
 */
export const month = staffProcedure
  .use(can("read", "event"))
  .input(rangeInput)
  .query(async ({ ctx, input }): Promise<CalendarMonth> => {
    const { scope, orders, wants, window } = await windowRequest(ctx, input);
    const c = ctx.companyId;

    // A day's deliveries in order: timed first by their time, then by plate (or '#n'). Only a delivery whose time
    // ranks within the day's first CALENDAR_MONTH_SHOWN (ties included) can be listed, so only those read their
    // vehicle's plate: the rest are counted on orders alone (a month of 25,000 deliveries read every plate before).
    const deliveryDays: PerDay =
      wants("deliveries") && orders
        ? await queryRows(
            ctx.db,
            sql`SELECT r.day::text AS day, max(r.total)::int AS total,
                       (array_agg(r.id ORDER BY r.time IS NULL, r.time, coalesce(v.identifier, '#' || r.correlative_id) COLLATE "C", r.id)
                          FILTER (WHERE r.pos <= ${CALENDAR_MONTH_SHOWN}))[1:${CALENDAR_MONTH_SHOWN}] AS ids
                FROM (SELECT d.*, count(*) OVER (PARTITION BY d.day) AS total,
                             rank() OVER (PARTITION BY d.day ORDER BY d.time IS NULL, d.time) AS pos
                      FROM (SELECT o.id, o.correlative_id, o.vehicle_id,
                                   CASE WHEN o.completed_at IS NOT NULL THEN (o.completed_at AT TIME ZONE ${TZ})::date
                                        WHEN o.finish_date IS NOT NULL THEN o.finish_date
                                        ELSE (o.ended_at AT TIME ZONE ${TZ})::date END AS day,
                                   to_char(coalesce(o.completed_at, CASE WHEN o.finish_date IS NULL THEN o.ended_at END) AT TIME ZONE ${TZ},
                                           'HH24:MI') AS time
                            FROM ${windowOrders(c, window, sql.raw("id, correlative_id, vehicle_id, location_id, user_id, assignee_id, finish_date, completed_at, ended_at"))} o
                            WHERE ${orderScopeCondition(orders)}) d) r
                LEFT JOIN LATERAL (
                  SELECT v.identifier FROM vehicles v
                  WHERE r.pos <= ${CALENDAR_MONTH_SHOWN} AND v.company_id = ${c} AND v.id = r.vehicle_id LIMIT 1
                ) v ON TRUE
                GROUP BY r.day`,
          )
        : [];
    const eventDays: PerDay = wants("events")
      ? await firstPerDay(
          ctx.db,
          sql`(SELECT e.id, e.name, e.all_day, (e.start_at AT TIME ZONE ${TZ})::date AS day,
                      to_char(e.start_at AT TIME ZONE ${TZ}, 'HH24:MI') AS time
               FROM events e
               LEFT JOIN orders o ON o.company_id = e.company_id AND o.id = e.order_id
               WHERE e.company_id = ${c} AND ${windowEventsCondition(window)} AND ${eventScopeCondition(scope)})`,
          sql`r.all_day, r.time, search_fold(r.name) COLLATE "C", r.id`,
        )
      : [];

    const deliveryIds = deliveryDays.flatMap((d) => d.ids);
    const eventIds = eventDays.flatMap((d) => d.ids);
    const [deliveries, events, holydays] = await Promise.all([
      deliveryIds.length
        ? queryRows<Delivery>(
            ctx.db,
            sql`SELECT ${DELIVERY_COLUMNS} FROM orders o ${DELIVERY_JOINS}
                WHERE o.company_id = ${c} AND o.id = ANY(${intArray(deliveryIds)})`,
          )
        : [],
      eventIds.length
        ? selectEvents(ctx.db, c, orders, sql`e.id = ANY(${intArray(eventIds)})`, { limit: eventIds.length })
        : [],
      windowHolidays(ctx, scope.locationIds, window),
    ]);
    return {
      deliveries,
      events,
      counts: { deliveries: countsOf(deliveryDays), events: countsOf(eventDays) },
      holydays,
    };
  });
