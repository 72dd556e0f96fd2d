// The calendar owns `events`: every writer (the calendar's event form, the chat's event messages) writes through
// here, with one rule set: a start is an instant, or a day and time on Santiago's clock (a whole-day event starts at
// 00:00 there); a duration in hours from one hour to 31 days, one hour when none is given, kept to the minute; and
// open calendars hear `calendar.event.changed` from the writing transaction.
import { EVENT_MIN_HOURS, eventDurationSchema, eventMinutes, isInstant, present, zonedInstant } from "@taller/core";
import { events } from "@taller/db";
import { fieldError, type Transaction } from "@taller/trpc";
import { and, eq, sql } from "drizzle-orm";

/** A day ('YYYY-MM-DD') and a time ('HH:mm') as a clock in Santiago reads them; no time for a whole day. */
export interface WallClockStart {
  date: string;
  time: string | null;
}

export interface EventWrite {
  name: string;
  /** An instant in the wire form (`Instant`), or a wall-clock start. */
  start: string | WallClockStart;
  /** Hours; absent: EVENT_MIN_HOURS. */
  durationHours?: number;
  allDay?: boolean;
  orderId: number | null;
}

/** The stored columns of an event: the one rule set (pure; a duration out of range is a field error). */
export function eventRow(event: EventWrite) {
  const allDay = event.allDay ?? false;
  const hours = event.durationHours ?? EVENT_MIN_HOURS;
  const duration = eventDurationSchema.safeParse(hours);
  if (!duration.success) throw fieldError("BAD_REQUEST", "duration", duration.error.issues[0]?.message ?? "");
  if (typeof event.start === "string" && !isInstant(event.start)) {
    throw fieldError("BAD_REQUEST", "start", "Fecha de inicio inválida");
  }
  const start =
    typeof event.start === "string"
      ? event.start
      : zonedInstant(event.start.date, allDay ? "00:00" : (event.start.time ?? "00:00"));
  return {
    name: event.name,
    startAt: new Date(start),
    durationMinutes: eventMinutes(hours),
    allDay,
    orderId: event.orderId,
  };
}

/** A new event of the company, created by `userId`; answers its id. */
export async function createEvent(
  tx: Transaction,
  by: { companyId: number; userId: number },
  event: EventWrite,
): Promise<number> {
  const [row] = await tx.db
    .insert(events)
    .values({ companyId: by.companyId, createdBy: by.userId, ...eventRow(event) })
    .returning({ id: events.id });
  const id = present(row, "inserted event").id;
  await tx.emit({ type: "calendar.event.changed", companyId: by.companyId, payload: { id } });
  return id;
}

/**
 * Rewrites an event of the company (with `ownerId`, only one that user created); false when there is none such.
 */
export async function updateEvent(
  tx: Transaction,
  by: { companyId: number; ownerId: number | null },
  id: number,
  event: EventWrite,
): Promise<boolean> {
  const own = by.ownerId === null ? undefined : eq(events.createdBy, by.ownerId);
  const changed = await tx.db
    .update(events)
    .set({ ...eventRow(event), updatedAt: sql`now()` })
    .where(and(eq(events.id, id), eq(events.companyId, by.companyId), own))
    .returning({ id: events.id });
  if (changed.length === 0) return false;
  await tx.emit({ type: "calendar.event.changed", companyId: by.companyId, payload: { id } });
  return true;
}
