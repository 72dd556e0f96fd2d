// Free slots: the one rule of where a booking may start (seed 001 sections 4, 5 and 9; seed 000 section 5), pure so
// it is tested without a database. The free-slot search answers it for a window of days; create, reschedule and the
// public create ask it for one slot inside the transaction that holds the day's lock (see book.ts), so what the
// form offers and what the database accepts are the same rule.
//
// Times people see are wall-clock times in America/Santiago; bookings are stored as instants. A local time is
// turned into an instant with the offset that @date-fns/tz reads from the runtime's time-zone data (ICU, updated
// with Node), never with a fixed -03/-04: Chile moves its DST dates by decree, and a hand-written rule would shift
// every slot of those days. A local time that does not exist (the hour skipped when DST starts) is no slot; one
// that happens twice (the hour repeated when DST ends) is read as PostgreSQL reads it, the later instant, so the
// slots here and the bookings' start_at (computed by the database) agree.
import { tzOffset } from "@date-fns/tz";
import { addDays, BOOKING_ERRORS, present, weekdayOf, type BookingMode } from "@taller/core";

export const BOOKING_TIME_ZONE = "America/Santiago";
const MINUTE = 60_000;
const DAY = 86_400_000;

export interface WorkingDay {
  enabled: boolean;
  start_time: string;
  end_time: string;
}

/** The company's rules (preferences and days_preferences). */
export interface SlotRules {
  mode: BookingMode;
  /** Minutes per slot (time_interval). */
  interval: number;
  /** Capacity mode: bookings one slot holds (max_bookings). */
  maxBookings: number;
  /** Weekday '1' (Monday) to '7' (Sunday). */
  days: Partial<Record<string, WorkingDay>>;
}

/** What is already there in the window: everything the caller read for the location and professionals asked. */
export interface SlotFacts {
  /** Holidays of the company and of the location, 'YYYY-MM-DD'. */
  holidays: ReadonlySet<string>;
  /** Active blocks: a whole day (hour null), one slot (hour 'HH:mm'), for one professional (userId) or all (null). */
  blocks: readonly { date: string; hour: string | null; userId: number | null }[];
  /** Enabled weekly unavailable hours of professionals (day 1-7, 'HH:mm' from, to). */
  blockHours: readonly { userId: number; day: number; start: string; end: string }[];
  /** Occupying bookings (not rescheduled) as instants in ms, with their professional. */
  bookings: readonly { start: number; end: number; userId: number | null }[];
}

export interface SlotRequest {
  /** Minutes the new booking lasts: it needs ceil(duration / interval) consecutive free slots. */
  duration: number;
  /** Professional mode: the professionals who may take it (one when the form chose one). Ignored in capacity mode. */
  professionals: readonly number[];
  /** Now, in ms: slots must start after it. */
  now: number;
}

/** 'HH:mm' -> minutes of the day. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;


const HOUR = 3_600_000;
const offsets = new Map<number, number>();

/**
 * The zone's UTC offset (minutes) at an instant, remembered per UTC hour: America/Santiago changes offset on the
 * hour, and a month's search asks for thousands of bookings in a few hundred hours.
 */
function offsetAt(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(hour, (offset = tzOffset(BOOKING_TIME_ZONE, new Date(hour * HOUR))));
  }
  return offset;
}

/** Today's date and the minute of the day in America/Santiago at `now`. */
export function localNow(now: number): { date: string; minutes: number } {
  const local = new Date(now + offsetAt(now) * MINUTE);
  return { date: local.toISOString().slice(0, 10), minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/**
 * The instant (ms) of a wall-clock time on a date in America/Santiago; null when that time does not exist (skipped
 * by DST). Of a repeated time, the later instant, as PostgreSQL's `AT TIME ZONE` answers.
 */
export function localInstant(date: string, minutes: number): number | null {
  const asUtc = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE;
  let found: number | null = null;
  // The offset in force is one of those around the time; each candidate must read back as the same wall clock.
  for (const probe of [asUtc - DAY / 2, asUtc + DAY / 2]) {
    const candidate = asUtc - offsetAt(probe) * MINUTE;
    if (candidate + offsetAt(candidate) * MINUTE === asUtc) found = Math.max(found ?? candidate, candidate);
  }
  return found;
}

/** A day's slot grid: each slot's local minute and its instant (null: the time does not exist that day). */
interface Grid {
  minutes: number[];
  starts: (number | null)[];
  /** True when the slots are evenly spaced instants (no DST change that day): slot j starts at starts[0] + j * interval. */
  even: boolean;
}

function dayGrid(rules: SlotRules, date: string): Grid | null {
  const day = rules.days[String(weekdayOf(date))];
  if (!day?.enabled) return null;
  const from = minutesOf(day.start_time);
  const to = minutesOf(day.end_time);
  const minutes: number[] = [];
  for (let m = from; m < to; m += rules.interval) minutes.push(m);
  // One offset for the whole day unless it changes within it (a DST day): two look-ups instead of one per slot.
  const first = localInstant(date, 0);
  const last = localInstant(date, 24 * 60 - 1);
  const uniform = first !== null && last !== null && last - first === (24 * 60 - 1) * MINUTE;
  const starts = minutes.map((m) => (uniform && first !== null ? first + m * MINUTE : localInstant(date, m)));
  return { minutes, starts, even: uniform };
}

/**
 * The first slot a span starting at `start` (ms) may overlap: on an evenly spaced grid the one holding `start`,
 * found by arithmetic; otherwise (a DST day) the first slot, and the caller's walk decides.
 */
function firstSlotAt(grid: Grid, start: number, length: number): number {
  const s0 = grid.starts[0];
  if (!grid.even || s0 == null) return 0;
  return Math.max(0, Math.floor((start - s0) / length));
}

type Booked = SlotFacts["bookings"][number];
interface DayBookings {
  all: Booked[];
  byUser: Map<number, Booked[]>;
}
const indexes = new WeakMap<SlotFacts, Map<number, DayBookings>>();

/** Days since 1970-01-01 of a local instant / of a 'YYYY-MM-DD' date: the index's key, without Date objects. */
const localDayNumber = (ms: number) => Math.floor((ms + offsetAt(ms) * MINUTE) / DAY);
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;

/**
 * The facts' bookings by local day (each day a booking touches) and professional, built once per facts object: a
 * month's search then reads each day's few bookings instead of all of them for every slot.
 */
function bookingsOf(facts: SlotFacts): Map<number, DayBookings> {
  let index = indexes.get(facts);
  if (index) return index;
  index = new Map();
  for (const b of facts.bookings) {
    const last = localDayNumber(b.end - 1);
    for (let d = localDayNumber(b.start); d <= last; d++) {
      let day = index.get(d);
      if (!day) index.set(d, (day = { all: [], byUser: new Map() }));
      day.all.push(b);
      if (b.userId !== null) {
        const own = day.byUser.get(b.userId);
        if (own) own.push(b);
        else day.byUser.set(b.userId, [b]);
      }
    }
  }
  indexes.set(facts, index);
  return index;
}

/** Why a day takes no bookings at all, or null. */
export function dayProblem(rules: SlotRules, facts: SlotFacts, date: string): string | null {
  if (facts.holidays.has(date) || !rules.days[String(weekdayOf(date))]?.enabled) return BOOKING_ERRORS.dayUnavailable;
  if (facts.blocks.some((b) => b.date === date && b.hour === null && b.userId === null)) return BOOKING_ERRORS.dayUnavailable;
  return null;
}

/**
 * Per slot of the day, whether one more booking fits there (1) or not (0), written into `open`: for one
 * professional (userId), or for the capacity (userId null). Blocks and block hours make a slot unavailable;
 * bookings fill it. A month's search calls this for every day and professional, so it works on typed arrays the
 * caller hands in rather than allocating per slot.
 */
function openSlots(rules: SlotRules, facts: SlotFacts, date: string, grid: Grid, userId: number | null, open: Uint8Array): void {
  const n = grid.minutes.length;
  for (let j = 0; j < n; j++) open[j] = grid.starts[j] === null ? 0 : 1;
  for (const b of facts.blocks) {
    if (b.date !== date || (b.userId !== null && b.userId !== userId)) continue;
    if (b.hour === null) return void open.fill(0, 0, n);
    const j = grid.minutes.indexOf(minutesOf(b.hour));
    if (j >= 0) open[j] = 0;
  }
  if (userId !== null) {
    const weekday = weekdayOf(date);
    for (const h of facts.blockHours) {
      if (h.userId !== userId || h.day !== weekday) continue;
      // A block hour covers the slots that overlap it.
      const from = minutesOf(h.start);
      const to = minutesOf(h.end);
      for (let j = 0; j < n; j++) {
        const m = grid.minutes[j] ?? 0;
        if (m < to && m + rules.interval > from) open[j] = 0;
      }
    }
  }
  // Capacity counts every booking of the day; a professional only his own, and one fills his slot.
  const day = bookingsOf(facts).get(dayNumber(date));
  const booked = userId === null ? day?.all : day?.byUser.get(userId);
  if (!booked) return;
  const length = rules.interval * MINUTE;
  // Each booking walks only the slots it overlaps (slot starts rise through the day).
  const count = userId === null ? new Uint16Array(n) : null;
  for (const b of booked) {
    for (let j = firstSlotAt(grid, b.start, length); j < n; j++) {
      const s = grid.starts[j];
      if (s == null) continue;
      if (s >= b.end) break;
      if (b.start >= s + length) continue;
      if (count) count[j] = (count[j] ?? 0) + 1;
      else open[j] = 0;
    }
  }
  if (count) for (let j = 0; j < n; j++) if ((count[j] ?? 0) >= rules.maxBookings) open[j] = 0;
}

/**
 * Marks in `found` (1) the slot indexes where a booking of `span` slots can start: that slot and the next span-1
 * all open, after now. Walks backwards counting the open slots that follow each one.
 */
function markStarts(open: Uint8Array, grid: Grid, span: number, now: number, found: Uint8Array): void {
  let run = 0;
  for (let j = grid.minutes.length - 1; j >= 0; j--) {
    run = open[j] ? run + 1 : 0;
    const s = grid.starts[j];
    if (s != null && s > now && run >= span) found[j] = 1;
  }
}

const spanOf = (rules: SlotRules, duration: number) => Math.max(1, Math.ceil(duration / rules.interval));

/** Free start times ('HH:mm') of one day for the request: for capacity, or for any of the professionals. */
export function daySlots(rules: SlotRules, facts: SlotFacts, date: string, request: SlotRequest): string[] {
  if (dayProblem(rules, facts, date)) return [];
  const grid = dayGrid(rules, date);
  if (!grid) return [];
  const n = grid.minutes.length;
  const span = spanOf(rules, request.duration);
  const open = new Uint8Array(n);
  const found = new Uint8Array(n);
  if (rules.mode === "capacity") {
    openSlots(rules, facts, date, grid, null, open);
    markStarts(open, grid, span, request.now, found);
  } else {
    for (const owner of request.professionals) {
      openSlots(rules, facts, date, grid, owner, open);
      markStarts(open, grid, span, request.now, found);
    }
  }
  const out: string[] = [];
  for (let j = 0; j < n; j++) if (found[j]) out.push(hhmm(present(grid.minutes[j], "slot minute")));
  return out;
}

/** Free start times of every day from `from` to `to` (inclusive), keyed by date. */
export function freeSlotsByDay(rules: SlotRules, facts: SlotFacts, from: string, to: string, request: SlotRequest): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (let d = from; d <= to; d = addDays(d, 1)) out[d] = daySlots(rules, facts, d, request);
  return out;
}

/** A field error of the booking form: where it goes and what it says. */
export interface SlotProblem {
  field: "booking_date" | "booking_time" | "user_id";
  message: string;
}

/**
 * Why a booking cannot start at `date` `time` (with `userId` in professional mode), or null when it fits. The
 * write paths call this inside the transaction holding the day's lock, on facts read in that transaction.
 */
export function slotProblem(
  rules: SlotRules,
  facts: SlotFacts,
  booking: { date: string; time: string; duration: number; userId: number | null; professionals: readonly number[]; now: number },
): SlotProblem | null {
  const dayIssue = dayProblem(rules, facts, booking.date);
  if (dayIssue) return { field: "booking_date", message: dayIssue };
  const grid = dayGrid(rules, booking.date);
  if (!grid) return { field: "booking_date", message: BOOKING_ERRORS.dayUnavailable };
  let owner: number | null = null;
  if (rules.mode === "professional") {
    if (booking.userId === null) return { field: "user_id", message: BOOKING_ERRORS.professionalRequired };
    if (!booking.professionals.includes(booking.userId)) return { field: "user_id", message: BOOKING_ERRORS.professionalUnavailable };
    owner = booking.userId;
  }
  const j = grid.minutes.indexOf(minutesOf(booking.time));
  const start = grid.starts[j];
  if (j < 0 || start == null) return { field: "booking_time", message: BOOKING_ERRORS.slotTaken };
  if (start <= booking.now) return { field: "booking_time", message: BOOKING_ERRORS.pastTime };
  const open = new Uint8Array(grid.minutes.length);
  const fits = new Uint8Array(grid.minutes.length);
  openSlots(rules, facts, booking.date, grid, owner, open);
  markStarts(open, grid, spanOf(rules, booking.duration), booking.now, fits);
  return fits[j] ? null : { field: "booking_time", message: BOOKING_ERRORS.slotTaken };
}
