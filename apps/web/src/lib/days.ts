// Weeks of day-dates ('YYYY-MM-DD'), Monday first as in Chile and Spain: the grids the agenda and the calendar draw.
import { addDays, weekdayOf } from "@taller/core";

/** Monday of the week that contains `day`. */
export function weekStart(day: string): string {
  return addDays(day, 1 - weekdayOf(day));
}

/** The seven days of the week that contains `day`. */
export function weekDays(day: string): string[] {
  const monday = weekStart(day);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** A month 'YYYY-MM' as whole weeks, Monday first, from the week of the 1st to the week of the last day. */
export function monthWeeks(month: string): string[][] {
  const weeks: string[][] = [];
  for (let monday = weekStart(`${month}-01`); monday.slice(0, 7) <= month; monday = addDays(monday, 7))
    weeks.push(weekDays(monday));
  return weeks;
}

/** Whether 'YYYY-MM-DD' names a day of the calendar (not 2026-02-31): a day typed in a URL may not. */
export function isRealDay(v: string): boolean {
  const ms = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(v);
}
