// The one wire format for instants (timestamptz): an ISO-8601 string in UTC with milliseconds,
// "2026-04-05T03:30:00.123Z". Procedures answer instants in this form (the database writes it, see
// `instantText` in @taller/db), never as Date: answers stay plain JSON, every engine parses the form alike, and
// the type says which strings are instants. core's formatters (format.ts) read it.

declare const instantBrand: unique symbol;

/** An instant as it travels between server and browser: "2026-04-05T03:30:00.123Z". */
export type Instant = string & { readonly [instantBrand]: true };

const INSTANT_WIRE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A Date as the wire form. */
export function toInstant(date: Date): Instant {
  return date.toISOString() as Instant;
}

/** True for strings in the wire form. */
export function isInstant(value: unknown): value is Instant {
  return typeof value === "string" && INSTANT_WIRE.test(value) && !Number.isNaN(Date.parse(value));
}

/** The instant as a Date (for clocks and spreadsheet cells); the string is already in the wire form. */
export function instantDate(instant: Instant): Date {
  return new Date(instant);
}
