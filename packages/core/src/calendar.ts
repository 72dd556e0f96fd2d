// The production and events calendar (seed 000 sections 2.4, 3, 4 and 9): its constants, the delivery display
// rule, event ends and the day sums (the event form's schema is in calendar-schemas.ts, apart, so that the calendar's
// screen loads no zod until its form opens). Shared by the server (which selects deliveries by the
// same day rule) and the web app (which places and colours them).
//
// Day-dates are compared as 'YYYY-MM-DD' strings in America/Santiago: a finish date is a day already; an instant
// (completed_at, ended_at, an event's start) becomes the day it was on Chile's wall clock, never a UTC day.
import { DEFAULT_TZ, addDays, todayIn, wallClockDate } from "./format";
import { toInstant, type Instant } from "./instant";

/** The two calendars of the type menu ('Producción' shows deliveries; seed 000 section 2.4). Default: deliveries. */
export const CALENDAR_TYPES = ["deliveries", "events"] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];
export const CALENDAR_TYPE_LABELS: Record<CalendarType, string> = { deliveries: "Producción", events: "Eventos" };
export const DEFAULT_CALENDAR_TYPE: CalendarType = "deliveries";

/** Seed 000 section 9. */
export const CALENDAR_WINDOW_PAD_DAYS = 7;
export const CALENDAR_FETCH_DEBOUNCE_MS = 200;
export const CALENDAR_SEARCH_DEBOUNCE_MS = 500;
export const CALENDAR_SEARCH_MIN_CHARS = 2;
export const CALENDAR_SEARCH_LIST_MAX_HEIGHT_PX = 200;
/** The longest window `calendar.range` answers (a month, a week either side and slack); longer asks are refused. */
export const CALENDAR_MAX_WINDOW_DAYS = 62;
/** Deliveries one window answers at most; past it the answer says `deliveries_capped` (sums are then partial). */
export const CALENDAR_MAX_DELIVERIES = 5000;
/** Events one window answers at most; past it the answer says `events_capped`. */
export const CALENDAR_MAX_EVENTS = 2000;
/** Items a month cell lists; the rest are counted as '+N más', which opens the day. */
export const CALENDAR_MONTH_SHOWN = 3;
/** Matches one search answers at most. */
export const CALENDAR_SEARCH_LIMIT = 20;
/** Longest event: 31 days (the events table holds it too). */
export const EVENT_MAX_HOURS = 744;
/**
 * Shortest event, and the length of one written without a duration: an hour (seed 002 section 5, the chat's event
 * form; the calendar's form follows the same rule, so an event edited in either place keeps to one rule set).
 */
export const EVENT_MIN_HOURS = 1;

/** The stored minutes of a duration in hours (the API speaks hours; the table keeps whole minutes). */
export function eventMinutes(hours: number): number {
  return Math.round(hours * 60);
}

/** The fetch window of the month that contains `day`: its first day minus 7 days to its last day plus 7. */
export function calendarWindow(day: string): { from: string; to: string } {
  const first = `${day.slice(0, 7)}-01`;
  const last = addDays(addDays(first, 31).slice(0, 7) + "-01", -1);
  return { from: addDays(first, -CALENDAR_WINDOW_PAD_DAYS), to: addDays(last, CALENDAR_WINDOW_PAD_DAYS) };
}

/** The day (on Chile's wall clock) an instant falls on. */
export function dayOf(instant: Instant | string, tz = DEFAULT_TZ): string {
  return todayIn(tz, new Date(instant));
}

// ---------------------------------------------------------------------------
// Deliveries

export type DeliveryState = "scheduled" | "on_time" | "late" | "early" | "completed" | "delivered";

/** Colour and text per state (seed 000 section 4). Shades dark enough for white text (contrast 4.5:1 or more). */
export const DELIVERY_STATES: Record<DeliveryState, { color: string; text: string }> = {
  scheduled: { color: "#616161", text: "Finalización agendada" }, // grey
  on_time: { color: "#2E7D32", text: "Finalizado a tiempo" }, // green
  late: { color: "#B45309", text: "Finalizado atrasado" }, // orange
  early: { color: "#1565C0", text: "Finalizado antes" }, // blue
  completed: { color: "#2E7D32", text: "Finalizado" }, // green
  delivered: { color: "#2E7D32", text: "Entregado" }, // green
};

export interface DeliveryDates {
  finish_date: string | null;
  completed_at: Instant | string | null;
  ended_at: Instant | string | null;
}

export interface DeliveryDisplay {
  state: DeliveryState;
  color: string;
  text: string;
  /** The day it sits on. */
  date: string;
  /** Placed by a day-date (the finish date) rather than an instant: listed with the all-day items, without a time. */
  allDay: boolean;
  /** The instant that placed it, when one did. */
  at: Instant | string | null;
}

/**
 * Where and how a delivery shows, by the first rule that applies (seed 000 section 4, in its order):
 * 1. a finish date and not completed: grey 'Finalización agendada' on the finish date;
 * 2. completed: on the day it was completed, compared with the finish date: the same day green 'Finalizado a
 *    tiempo', after it orange 'Finalizado atrasado', before it blue 'Finalizado antes', no finish date green
 *    'Finalizado';
 * 3. only ended: green 'Entregado' on the day it was delivered.
 * Null: nothing to place (the order is not on the calendar). `range.ts` selects rows by the same three rules.
 */
export function deliveryDisplay(d: DeliveryDates, tz = DEFAULT_TZ): DeliveryDisplay | null {
  const show = (state: DeliveryState, date: string, at: Instant | string | null): DeliveryDisplay => ({
    state,
    ...DELIVERY_STATES[state],
    date,
    allDay: at === null,
    at,
  });
  if (d.completed_at === null) {
    if (d.finish_date !== null) return show("scheduled", d.finish_date, null);
    if (d.ended_at !== null) return show("delivered", dayOf(d.ended_at, tz), d.ended_at);
    return null;
  }
  const completedOn = dayOf(d.completed_at, tz);
  if (d.finish_date === null) return show("completed", completedOn, d.completed_at);
  // 'YYYY-MM-DD' strings order as the days they name.
  const state = completedOn === d.finish_date ? "on_time" : completedOn > d.finish_date ? "late" : "early";
  return show(state, completedOn, d.completed_at);
}

// ---------------------------------------------------------------------------
// Events

/** Events are purple; an event attached to an order is teal (seed 000 section 4: "a different colour"). */
export const EVENT_COLOR = "#6A1B9A";
export const ORDER_EVENT_COLOR = "#00695C";

export function eventColor(attachedToOrder: boolean): string {
  return attachedToOrder ? ORDER_EVENT_COLOR : EVENT_COLOR;
}

/**
 * An event's end: start plus its duration in hours of elapsed time. Across a daylight-saving change the wall
 * clock moves by an hour more or less than the duration, as a real clock would.
 */
export function eventEnd(start: Instant | string, durationHours: number): Instant {
  return toInstant(new Date(new Date(start).getTime() + Math.round(durationHours * 60) * 60_000));
}

/** The UTC offset (minutes) of `tz` at an instant, from the wall clock it shows there. */
function offsetMinutes(at: number, tz: string): number {
  const wall = wallClockDate(new Date(at), tz).getTime();
  return Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock day and time in `tz` name ("2026-04-04", "23:30" in Chile). Where the clock repeats an
 * hour (daylight saving ends) it is the first of the two; where the clock skips (it starts: in Chile 00:00 becomes
 * 01:00) a time inside the gap is moved forward by the gap, to the first moment that exists.
 */
export function zonedInstant(day: string, time: string, tz = DEFAULT_TZ): Instant {
  const [y, mo, d] = day.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(asUtc)) throw new RangeError(`Invalid day or time "${day} ${time}"`);
  // The offsets in force a day before and a day after bracket the answer (zones change at most once a day).
  const before = offsetMinutes(asUtc - 86400_000, tz);
  const after = offsetMinutes(asUtc + 86400_000, tz);
  // The larger offset names the earlier instant: the first of a repeated hour.
  for (const offset of [Math.max(before, after), Math.min(before, after)]) {
    const at = asUtc - offset * 60_000;
    if (offsetMinutes(at, tz) === offset) return toInstant(new Date(at));
  }
  // In the gap: neither offset reads back. The later offset's reading is the time moved forward by the gap.
  return toInstant(new Date(asUtc - Math.min(before, after) * 60_000));
}

// ---------------------------------------------------------------------------
// Day sums ('Facturado' and 'Producción' in the day header)

export interface SummedItem {
  /** The order's total, integer pesos; null for an event without an order. */
  total: number | null;
  /** The order was delivered (ended_at set). */
  ended: boolean;
}

/** 'Facturado': totals of the items already ended; 'Producción': every total. */
export function daySums(items: readonly SummedItem[]): { billed: number; production: number } {
  let billed = 0;
  let production = 0;
  for (const item of items) {
    const total = item.total ?? 0;
    production += total;
    if (item.ended) billed += total;
  }
  return { billed, production };
}

// ---------------------------------------------------------------------------
// The event form (calendar.events.create / update; the web form validates with the same schema, calendar-schemas.ts)

/**
 * A real 'YYYY-MM-DD' day of this century or the next (the calendar has no use for others; Date.UTC reads 0-99 as
 * 19xx).
 */
export function isCalendarDay(value: string): boolean {
  try {
    addDays(value, 0);
    const year = Number(value.slice(0, 4));
    return year >= 2000 && year <= 2199;
  } catch {
    return false;
  }
}
