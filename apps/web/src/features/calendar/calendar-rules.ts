// The calendar screen's pure rules: grids of days, titles in Spanish, and the items each day shows. Day-dates stay
// 'YYYY-MM-DD' strings (formatted as UTC dates, so the browser's zone cannot shift them); instants become Chile's
// wall clock through @taller/core.
import { addDays, calendarWindow, deliveryDisplay, eventColor, formatTime, type Instant } from "@taller/core";
import { monthWeeks, weekDays, weekStart } from "../../lib/days";

import { CALENDAR_MODES, type CalendarMode } from "./modes";

export { CALENDAR_MODES, type CalendarMode };
export const MODE_LABELS: Record<CalendarMode, string> = { month: "Mes", week: "Semana", day: "Día" };

export { weekDays, weekStart };

/** The month grid of the month that contains `day`. */
export const monthGrid = (day: string): string[][] => monthWeeks(day.slice(0, 7));

/**
 * The days a view asks the server for: the month shown ± 7 days (its grid, counted per day, calendar.month), or the
 * week's or the day's own days in full (calendar.range).
 */
export function viewWindow(day: string, mode: CalendarMode): { from: string; to: string } {
  if (mode === "month") return calendarWindow(day);
  if (mode === "day") return { from: day, to: day };
  const days = weekDays(day);
  return { from: days[0] ?? day, to: days[6] ?? day };
}

/** The day previous/next lands on: a month, a week or a day away (a month keeps the day, clamped: 31 Jan -> 28 Feb). */
export function step(day: string, mode: CalendarMode, direction: 1 | -1): string {
  if (mode === "day") return addDays(day, direction);
  if (mode === "week") return addDays(day, 7 * direction);
  const first = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + direction, 1))
    .toISOString()
    .slice(0, 10);
  // The first day + 31 is always in the month after: its 1st minus one is this month's last day.
  const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
  return `${first.slice(0, 8)}${String(Math.min(Number(day.slice(8, 10)), Number(last.slice(8, 10)))).padStart(2, "0")}`;
}

const asUtcDate = (day: string) => new Date(`${day}T12:00:00Z`);
const format = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("es-CL", { ...options, timeZone: "UTC" });
const monthYear = format({ month: "long", year: "numeric" });
const longDay = format({ weekday: "long", day: "numeric", month: "long", year: "numeric" });
const shortDay = format({ day: "numeric", month: "short" });
const weekdayShort = format({ weekday: "short" });
const weekdayLong = format({ weekday: "long" });

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The toolbar's title: "Noviembre de 2026", "16 nov – 22 nov 2026", "Lunes, 23 de noviembre de 2026". */
export function calendarTitle(day: string, mode: CalendarMode): string {
  if (mode === "month") return capitalize(monthYear.format(asUtcDate(day)));
  if (mode === "day") return capitalize(longDay.format(asUtcDate(day)));
  const days = weekDays(day);
  const first = days[0] ?? day;
  const last = days[6] ?? day;
  return `${shortDay.format(asUtcDate(first))} – ${shortDay.format(asUtcDate(last))} ${last.slice(0, 4)}`;
}

/** "lun", "mar", … for the month grid's header; the full name for screen readers. */
export function weekdayNames(): { short: string; long: string }[] {
  return weekDays("2026-11-23").map((d) => ({
    short: weekdayShort.format(asUtcDate(d)).replace(".", ""),
    long: weekdayLong.format(asUtcDate(d)),
  }));
}

export function dayLabel(day: string): string {
  return capitalize(longDay.format(asUtcDate(day)));
}

// ---------------------------------------------------------------------------
// Items

export interface DeliveryLike {
  id: number;
  correlative_id: number;
  identifier: string | null;
  finish_date: string | null;
  completed_at: Instant | null;
  ended_at: Instant | null;
  order_total: number;
  status_name: string;
}

export interface EventLike {
  id: number;
  name: string;
  start_date: Instant;
  all_day: boolean;
  date: string;
  duration: number;
  eventable_type: "Order" | null;
  ended_at: Instant | null;
  order_total: number | null;
  status_name: string | null;
  identifier: string | null;
}

export interface CalendarItem<E extends EventLike = EventLike> {
  key: string;
  kind: "delivery" | "event";
  id: number;
  date: string;
  /** 'HH:mm' on Chile's clock; null for an all-day item. */
  time: string | null;
  /** The name, or the vehicle identifier (the order number without one). */
  label: string;
  /** The delivery's state ('Finalizado a tiempo'…), or null for an event. */
  state: string | null;
  statusName: string | null;
  total: number | null;
  ended: boolean;
  color: string;
  event: E | null;
}

export function deliveryItem(d: DeliveryLike): CalendarItem<never> | null {
  const display = deliveryDisplay(d);
  if (!display) return null;
  return {
    key: `d${d.id}`,
    kind: "delivery",
    id: d.id,
    date: display.date,
    time: display.at ? formatTime(display.at) : null,
    label: d.identifier ?? `#${d.correlative_id}`,
    state: display.text,
    statusName: d.status_name,
    total: d.order_total,
    ended: d.ended_at !== null,
    color: display.color,
    event: null,
  };
}

export function eventItem<E extends EventLike>(e: E): CalendarItem<E> {
  return {
    key: `e${e.id}`,
    kind: "event",
    id: e.id,
    date: e.date,
    time: e.all_day ? null : formatTime(e.start_date),
    label: e.name,
    state: null,
    statusName: e.status_name,
    total: e.order_total,
    ended: e.ended_at !== null,
    color: eventColor(e.eventable_type === "Order"),
    event: e,
  };
}

/** A day's order: timed items by time, then the all-day ones (seed 000 section 2.4), each group by label. */
export function sortDayItems<T extends Pick<CalendarItem, "time" | "label" | "key">>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) =>
      Number(a.time === null) - Number(b.time === null) ||
      (a.time ?? "").localeCompare(b.time ?? "") ||
      a.label.localeCompare(b.label, "es") ||
      a.key.localeCompare(b.key),
  );
}

/** Items by day, each day sorted. */
export function itemsByDay<T extends CalendarItem<EventLike>>(items: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const item of items) days.set(item.date, [...(days.get(item.date) ?? []), item]);
  for (const [day, list] of days) days.set(day, sortDayItems(list));
  return days;
}
