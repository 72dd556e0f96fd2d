// The agenda's rules that need no screen (seed 001 sections 2, 4, 5, 8 and 9): the month grid and its window, the
// day grid's rows and columns, where a booking sits and how many slots it takes, what is locked, titles in es-ES
// (the booking error snackbar's text is core's bookingErrorText). Tests: apps/web/test/agenda-rules.test.ts.
import { addDays, BOOKING_RANGE_MARGIN_DAYS, weekdayOf } from "@taller/core";
import { isRealDay, monthWeeks } from "../../lib/days";

/** The month grid (whole weeks, Monday first). */
export { isRealDay, monthWeeks };

/** The agenda's locale (seed 001 section 9). */
export const AGENDA_LOCALE = "es-ES";

const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase(AGENDA_LOCALE) + s.slice(1);
/** A day-date as a UTC noon instant: formatting it in UTC can never shift the day. */
const noonUtc = (day: string) => new Date(`${day}T12:00:00Z`);

/** 'YYYY-MM' of a day-date. */
export const monthOf = (day: string) => day.slice(0, 7);
/** The first day of a month 'YYYY-MM'. */
export const monthStart = (month: string) => `${month}-01`;
/** The last day of a month 'YYYY-MM'. */
export const monthEnd = (month: string) => addDays(monthStart(shiftMonth(month, 1)), -1);

/** 'YYYY-MM' moved by `n` months. */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The booking range a month view asks for: month start minus 7 days to month end plus 7 days (seed 001). */
export function monthRange(month: string): { from: string; to: string } {
  return {
    from: addDays(monthStart(month), -BOOKING_RANGE_MARGIN_DAYS),
    to: addDays(monthEnd(month), BOOKING_RANGE_MARGIN_DAYS),
  };
}

/** The day (day mode, a real ?date=) and the month the agenda's URL shows: ?month=, else this month. */
export function shownAgenda(linked: { date?: string; month?: string }, today: string) {
  const date = linked.date && isRealDay(linked.date) ? linked.date : undefined;
  return { date, month: date ? monthOf(date) : (linked.month ?? monthOf(today)) };
}

/** A booking query's input for the shell's locations (absent while every location is selected). */
export const withLocations = <T extends object>(input: T, locationIds: number[] | null) => ({
  ...input,
  ...(locationIds ? { location_ids: locationIds } : {}),
});

/** 'Noviembre de 2026'. */
export function monthTitle(month: string): string {
  return capitalize(
    new Intl.DateTimeFormat(AGENDA_LOCALE, { month: "long", year: "numeric", timeZone: "UTC" }).format(
      noonUtc(monthStart(month)),
    ),
  );
}

/** 'Lunes, 23 de noviembre de 2026'. */
export function dayTitle(day: string): string {
  return capitalize(
    new Intl.DateTimeFormat(AGENDA_LOCALE, {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(noonUtc(day)),
  );
}

/** The month grid's column heads: 'lun' ... 'dom'. */
export function weekdayNames(): string[] {
  const format = new Intl.DateTimeFormat(AGENDA_LOCALE, { weekday: "short", timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(noonUtc(addDays("2024-01-01", i))).replace(".", ""));
}

/** How many slots a booking covers: ceil(duration / interval), at least one (seed 001 section 5). */
export function slotSpan(duration: number, interval: number): number {
  return Math.max(1, Math.ceil(duration / Math.max(1, interval)));
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The row a time falls in: the last row starting at or before it (-1 before the first). */
export function rowOf(rows: readonly string[], time: string): number {
  const t = minutes(time);
  let found = -1;
  rows.forEach((r, i) => {
    if (minutes(r) <= t) found = i;
  });
  return found;
}

export interface Placed<B> {
  booking: B;
  /** Row index where the card starts, and how many rows it covers (cut at the day's end). */
  row: number;
  span: number;
  column: number;
}

interface Placeable {
  id: number;
  booking_time: string;
  duration: number;
  user_id: number | null;
}

/**
 * Capacity mode: each booking in the first column free for all of its rows. The grid shows at least `capacity`
 * columns; more when the day holds more bookings at once than the capacity allows (moved or older bookings).
 * Bookings outside the day's rows are left out (the month view still shows them).
 */
export function placeByCapacity<B extends Placeable>(
  bookings: readonly B[],
  rows: readonly string[],
  interval: number,
  capacity: number,
) {
  const taken: boolean[][] = [];
  const placed: Placed<B>[] = [];
  for (const booking of bookings) {
    const row = rowOf(rows, booking.booking_time);
    if (row < 0) continue;
    const span = Math.min(slotSpan(booking.duration, interval), rows.length - row);
    let column = 0;
    while (Array.from({ length: span }, (_, i) => taken[column]?.[row + i]).some(Boolean)) column++;
    const lane = (taken[column] ??= []);
    for (let i = 0; i < span; i++) lane[row + i] = true;
    placed.push({ booking, row, span, column });
  }
  return { placed, columns: Math.max(capacity, taken.length) };
}

/** Professional mode: each booking in its professional's column (`columns` are user ids; others are left out). */
export function placeByProfessional<B extends Placeable>(
  bookings: readonly B[],
  rows: readonly string[],
  interval: number,
  columns: readonly number[],
) {
  const placed: Placed<B>[] = [];
  for (const booking of bookings) {
    const column = booking.user_id === null ? -1 : columns.indexOf(booking.user_id);
    const row = rowOf(rows, booking.booking_time);
    if (column < 0 || row < 0) continue;
    placed.push({ booking, row, span: Math.min(slotSpan(booking.duration, interval), rows.length - row), column });
  }
  return placed;
}

/** Rows of one column covered by a booking card. */
export function coveredRows(placed: readonly Placed<unknown>[], column: number): Set<number> {
  const covered = new Set<number>();
  for (const p of placed) if (p.column === column) for (let i = 0; i < p.span; i++) covered.add(p.row + i);
  return covered;
}

/** The page of professionals shown: 4 per page, or one in single-user view (seed 001 section 4). */
export function professionalPage<T>(all: readonly T[], page: number, perPage: number): T[] {
  if (all.length === 0) return [];
  const pages = Math.ceil(all.length / perPage);
  const p = ((page % pages) + pages) % pages;
  return all.slice(p * perPage, p * perPage + perPage);
}

/** Previous/next page, cycling both ways. */
export function cyclePage(page: number, delta: number, count: number, perPage: number): number {
  const pages = Math.max(1, Math.ceil(count / perPage));
  return (((page + delta) % pages) + pages) % pages;
}

export interface Block {
  date: string;
  hour: string | null;
  user_id: number | "all";
  active: boolean;
}

/** Whether an active block covers the day, an hour of it (all columns) or one professional's hour. */
export function isBlocked(
  blocks: readonly Block[],
  date: string,
  hour: string | null = null,
  userId: number | null = null,
): boolean {
  return blocks.some(
    (b) =>
      b.active &&
      b.date === date &&
      (b.hour === null || b.hour === hour) &&
      (b.user_id === "all" || (userId !== null && b.user_id === userId)),
  );
}

/** The block exactly at (date, hour, user): what a toggle switches. */
export function blockAt(blocks: readonly Block[], date: string, hour: string | null, user: number | "all"): boolean {
  return blocks.some((b) => b.active && b.date === date && b.hour === hour && b.user_id === user);
}

/** `blocks` with the block at (date, hour, user) switched: what the screen shows before the server answers. */
export function toggledBlocks<T extends Block>(
  blocks: readonly T[],
  date: string,
  hour: string | null,
  user: number | "all",
  make: (b: Block) => T,
): T[] {
  const on = blockAt(blocks, date, hour, user);
  const rest = blocks.filter((b) => !(b.date === date && b.hour === hour && b.user_id === user));
  return on ? rest : [...rest, make({ date, hour, user_id: user, active: true })];
}

/** Whether a professional's block_hours make `time` of `day` unavailable (day 1 = Monday ... 7 = Sunday). */
export function inBlockHours(
  blockHours: readonly { day: number; enabled: boolean; start_time: string; end_time: string }[],
  day: string,
  time: string,
): boolean {
  const weekday = weekdayOf(day);
  const t = minutes(time);
  return blockHours.some(
    (h) => h.enabled && h.day === weekday && minutes(h.start_time) <= t && t < minutes(h.end_time),
  );
}

/**
 * A holiday on `day` for the locations shown (a company-wide one, or one of the selected locations; none selected:
 * all).
 */
export function holidayOn(
  holidays: readonly { date: string; name: string; location_id: number | null }[],
  day: string,
  locationIds: readonly number[] | null,
) {
  return (
    holidays.find(
      (h) => h.date === day && (h.location_id === null || !locationIds?.length || locationIds.includes(h.location_id)),
    ) ?? null
  );
}

export interface LockFacts {
  canCreate: boolean;
  day: string;
  today: string;
  holiday: boolean;
  blocked: boolean;
  /** The professional's block_hours cover this cell. */
  blockHours?: boolean;
}

/** May a booking be added here: create permission, today or later, not a holiday, not blocked (seed 001 section 5). */
export function canBookAt(f: LockFacts): boolean {
  return f.canCreate && f.day >= f.today && !f.holiday && !f.blocked && !f.blockHours;
}

/** Toggles for blocking: create on booking_block, today or later (seed 001 section 6). */
export function canToggleBlock(canBlock: boolean, day: string, today: string): boolean {
  return canBlock && day >= today;
}

/** Search overlay: runs from 2 characters (seed 001 section 5). */
export const searchable = (text: string, min: number) => text.trim().length >= min;

/** What an e-mail booking offers the booking form: the server's matches, the location, and its day and time. */
export interface MailForPrefill {
  id: number;
  location_id: number | null;
  data: { booking_date: string | null; booking_time: string | null; requirement_name: string | null };
  prefill: { client_id: number | null; vehicle_id: number | null; requirement_id: number | null };
}

/**
 * The booking form's values for booking an e-mail booking: the client, vehicle and requirement the server matched,
 * the mail's location, its day when it is a real day from today on, its time when it is an HH:mm (the form clears
 * a time the agenda does not offer), and the mail to mark booked. A requirement the catalogue does not know goes to
 * the comment, so nothing the client wrote is lost.
 */
export function mailPrefill(mail: MailForPrefill, today: string) {
  const { booking_date: day, booking_time: time, requirement_name: requirement } = mail.data;
  return {
    client_id: mail.prefill.client_id,
    vehicle_id: mail.prefill.vehicle_id,
    requirement_id: mail.prefill.requirement_id,
    location_id: mail.location_id,
    booking_date: day && isRealDay(day) && day >= today ? day : "",
    booking_time: time && /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(time) ? time : "",
    comment:
      mail.prefill.requirement_id === null && requirement
        ? `Agendamiento por correo: ${requirement}`
        : "Agendamiento por correo",
    external_mail_id: mail.id,
  };
}
