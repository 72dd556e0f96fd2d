import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { companyId, createdAt, tenantKey, tenantRef, updatedAt } from "./_columns";
import { users } from "./access";
import { orders } from "./orders";

/**
 * A calendar event (the 'Eventos' calendar, seed 000 sections 3 and 4): a name, a start instant and a duration.
 * Its end is start + duration, always computed, never stored, so the two cannot disagree. The duration is kept in
 * whole minutes (the API speaks hours, as the spec does, and rounds to the minute): an integer adds exactly, a
 * fractional number of hours would not. The spec's `eventable` is an order today: `order_id`, a tenant-bound
 * reference (a polymorphic id could not have a foreign key); the wire still says `eventable_type: 'Order'`.
 */
export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: text("name").notNull(),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    // A whole-day event starts at 00:00 in America/Santiago; the day view lists it after the timed ones.
    allDay: boolean("all_day").notNull().default(false),
    // Deleting the order keeps the event, detached.
    orderId: integer("order_id"),
    createdBy: integer("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    tenantRef(t, t.orderId, orders, "set null"),
    tenantRef(t, t.createdBy, users, "set null"),
    // An hour to 31 days, the calendar's one rule for every writer (packages/calendar/src/write/events.ts): an
    // event longer than a month is not a calendar event.
    check("events_duration_range", sql`${t.durationMinutes} BETWEEN 60 AND 44640`),
    check("events_name_length", sql`char_length(${t.name}) BETWEEN 1 AND 200`),
    // The calendar's window: events starting in it (an event is at most 31 days long, so the window's query widens
    // its lower bound by that much and still reads one index range).
    index("events_company_start_idx").on(t.companyId, t.startAt),
    // An order's events (the order detail, and set null when an order is deleted).
    index("events_order_idx").on(t.orderId),
    // "Own records only": the events a user created.
    index("events_created_by_idx").on(t.companyId, t.createdBy),
  ],
);
