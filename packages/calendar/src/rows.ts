// What the calendar answers: deliveries (orders placed by their dates) and events, read with one SELECT each and
// shaped here, so the window, the search and the event writes answer the same rows.
import { dayOf, eventEnd, type Can, type Instant } from "@taller/core";
import { instantText, intArray, queryRows, type Db } from "@taller/db";
import type { ListScope, ScopeContext } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";

export interface Delivery {
  id: number;
  correlative_id: number;
  /** The vehicle's plate; null for an order without a vehicle. */
  identifier: string | null;
  client_name: string | null;
  finish_date: string | null;
  completed_at: Instant | null;
  ended_at: Instant | null;
  order_total: number;
  status_name: string;
  status_color: string;
}

/** Columns of a delivery, from `orders o` joined to `statuses s`, `vehicles v` and `clients c` (DELIVERY_JOINS). */
export const DELIVERY_COLUMNS = sql`o.id, o.correlative_id, v.identifier, c.name AS client_name, o.finish_date::text AS finish_date,
  ${instantText(sql`o.completed_at`)} AS completed_at, ${instantText(sql`o.ended_at`)} AS ended_at,
  o.total AS order_total, s.name AS status_name, s.color AS status_color`;

export const DELIVERY_JOINS = sql`JOIN statuses s ON s.company_id = o.company_id AND s.id = o.status_id
  LEFT JOIN vehicles v ON v.company_id = o.company_id AND v.id = o.vehicle_id
  LEFT JOIN clients c ON c.company_id = o.company_id AND c.id = o.client_id`;

/** Which orders a user may see on the calendar: null when none (no read on check_in). */
export interface OrderScope {
  locationIds: number[] | null;
  ownerId: number | null;
}

/** The SQL condition of an order scope over `orders o`. */
export function orderScopeCondition(scope: OrderScope): SQL {
  const parts = [sql`true`];
  if (scope.locationIds) parts.push(sql`o.location_id = ANY(${intArray(scope.locationIds)})`);
  if (scope.ownerId !== null) parts.push(sql`(o.user_id = ${scope.ownerId} OR o.assignee_id = ${scope.ownerId})`);
  return sql.join(parts, sql` AND `);
}

/**
 * The SQL condition of the event scope over `events e` left-joined to its order `o`: an event attached to an order
 * sits at that order's location (one without is the whole company's); with an own-only grant, the user's events.
 */
export function eventScopeCondition(scope: ListScope): SQL {
  const parts = [sql`true`];
  if (scope.locationIds) parts.push(sql`(e.order_id IS NULL OR o.location_id = ANY(${intArray(scope.locationIds)}))`);
  if (scope.ownerId !== null) parts.push(sql`e.created_by = ${scope.ownerId}`);
  return sql.join(parts, sql` AND `);
}

interface EventRow {
  id: number;
  name: string;
  start_date: Instant;
  duration_minutes: number;
  all_day: boolean;
  order_id: number | null;
  /** False when the user may not read the attached order: its details stay out of the answer. */
  order_visible: boolean;
  correlative_id: number | null;
  identifier: string | null;
  comment: string | null;
  ended_at: Instant | null;
  order_total: number | null;
  status_name: string | null;
  created_by: number | null;
}

export interface CalendarEvent {
  id: number;
  name: string;
  start_date: Instant;
  end_date: Instant;
  /** Hours (seed 000 section 3). */
  duration: number;
  all_day: boolean;
  /** The day it starts on in Chile. */
  date: string;
  eventable_type: "Order" | null;
  eventable_id: number | null;
  /** The attached order, when the user may read it. */
  eventable: { id: number; correlative_id: number; identifier: string | null; comment: string | null } | null;
  ended_at: Instant | null;
  order_total: number | null;
  status_name: string | null;
  identifier: string | null;
  created_by: number | null;
}

/**
 * Events of the company matching `where` (over `events e`), with their order's details when `orders` (the user's
 * order scope; null: no read on orders) lets the user see that order.
 */
export async function selectEvents(
  db: Db,
  companyId: number,
  orders: OrderScope | null,
  where: SQL,
  opts: { limit: number; newestFirst?: boolean },
): Promise<CalendarEvent[]> {
  const visible = orders ? sql`(o.id IS NOT NULL AND ${orderScopeCondition(orders)})` : sql`false`;
  const rows = await queryRows<EventRow>(
    db,
    sql`SELECT e.id, e.name, ${instantText(sql`e.start_at`)} AS start_date, e.duration_minutes, e.all_day, e.order_id,
               e.created_by, ${visible} AS order_visible, o.correlative_id, v.identifier, o.comment,
               ${instantText(sql`o.ended_at`)} AS ended_at, o.total AS order_total, s.name AS status_name
        FROM events e
        LEFT JOIN orders o ON o.company_id = e.company_id AND o.id = e.order_id
        LEFT JOIN statuses s ON s.company_id = o.company_id AND s.id = o.status_id
        LEFT JOIN vehicles v ON v.company_id = o.company_id AND v.id = o.vehicle_id
        WHERE e.company_id = ${companyId} AND ${where}
        ORDER BY ${opts.newestFirst ? sql`e.start_at DESC, e.id DESC` : sql`e.start_at, e.id`}
        LIMIT ${opts.limit}`,
  );
  return rows.map((r) => {
    const shown = r.order_visible && r.order_id !== null && r.correlative_id !== null;
    const duration = r.duration_minutes / 60;
    return {
      id: r.id,
      name: r.name,
      start_date: r.start_date,
      end_date: eventEnd(r.start_date, duration),
      duration,
      all_day: r.all_day,
      date: dayOf(r.start_date),
      eventable_type: r.order_id === null ? null : "Order",
      eventable_id: r.order_id,
      eventable:
        shown && r.order_id !== null && r.correlative_id !== null
          ? { id: r.order_id, correlative_id: r.correlative_id, identifier: r.identifier, comment: r.comment }
          : null,
      ended_at: shown ? r.ended_at : null,
      order_total: shown ? r.order_total : null,
      status_name: shown ? r.status_name : null,
      identifier: shown ? r.identifier : null,
      created_by: r.created_by,
    };
  });
}

/** The orders a user sees on the calendar (read on check_in, with its own-only scope), or null without that right. */
export function orderScopeOf(ctx: ScopeContext & { can: Can }, locationIds: number[] | null): OrderScope | null {
  if (!ctx.can("read", "check_in")) return null;
  return { locationIds, ownerId: ctx.ownOnly("read", "check_in") ? ctx.user.id : null };
}
