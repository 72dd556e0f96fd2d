/**
 * What the calendar asks for, shared by the screen and its route's loader (prefetch.ts): the day and view the URL
 * names (today's month without them), the type remembered on this device and the shell's locations.
 */
import { CALENDAR_TYPES, type CalendarType, DEFAULT_CALENDAR_TYPE, todayIn } from "@taller/core";
import { isRealDay } from "../../lib/days";
import { stringCodec, storedValue } from "../../lib/storage";
import type { calendarSearch } from "../../routes/search";
import { type CalendarMode, viewWindow } from "./calendar-rules";

/** The calendar type, remembered on this device (seed 000 section 3, browser storage keys). */
export const storedType = storedValue(
  "calendar_type",
  stringCodec<CalendarType>(CALENDAR_TYPES, DEFAULT_CALENDAR_TYPE),
);

/** The view and the day the URL shows. */
export function shownPeriod(linked: ReturnType<typeof calendarSearch>): { mode: CalendarMode; day: string } {
  return { mode: linked.view ?? "month", day: linked.date && isRealDay(linked.date) ? linked.date : todayIn() };
}

/** The input of calendar.month (month view) or calendar.range (week, day) for the days `mode` shows around `day`. */
export function calendarInput(day: string, mode: CalendarMode, type: CalendarType, locationIds: number[] | null) {
  return { ...viewWindow(day, mode), type, location_ids: locationIds };
}
