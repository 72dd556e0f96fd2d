import { z } from "zod";
import { INVALID_DAY_TEXT } from "./format";

/*
 * Fields many inputs share, one schema each (like idSchema in ids.ts), so the rule and its Spanish message are the
 * same wherever a day or a list's search is taken. The calendar's own day (years 2000 to 2199) is `calendarDaySchema`
 * beside `isCalendarDay` in calendar.ts.
 */

/** A day as the API takes it: 'YYYY-MM-DD', a real one (2026-02-30 is refused), in the date field's words. */
export const dayDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DAY_TEXT)
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    INVALID_DAY_TEXT,
  );

/** A list's search text (db/src/search.ts `searchTerm` reads it): at most 100 characters; absent or null, none. */
export const listSearchSchema = z.string().max(100).nullish();

/** An optional text of at most `max` characters, trimmed; empty, absent or null is stored as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
