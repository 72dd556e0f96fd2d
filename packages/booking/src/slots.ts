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
import { addDays, BOOKING_ERRORS, weekdayOf, type BookingMode } from "@taller/core";

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
  /** Occupying bookings (not rescheduled). */
  bookings: BookedTimes;
}

/**
 * Bookings as parallel arrays, booking i being start[i]..end[i] (instants in ms) with professional userId[i] (0:
 * none): a busy month is thousands of bookings, read and indexed without an object each.
 */
export interface BookedTimes {
  start: Float64Array;
  end: Float64Array;
  userId: Int32Array;
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
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

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

/**
 * A day's slot grid: each slot's local minute and its instant (NaN: the time does not exist that day), as typed
 * arrays: a month's search builds one per day.
 */
interface Grid {
  minutes: Int32Array;
  starts: Float64Array;
  /**
   * True when the slots are evenly spaced instants (no DST change that day): slot j starts at starts[0] + j * interval.
   */
  even: boolean;
}

function dayGrid(rules: SlotRules, date: string, weekday: number): Grid | null {
  const day = rules.days[String(weekday)];
  if (!day?.enabled) return null;
  const from = minutesOf(day.start_time);
  const to = minutesOf(day.end_time);
  const n = Math.max(0, Math.ceil((to - from) / rules.interval));
  const minutes = new Int32Array(n);
  const starts = new Float64Array(n);
  // One offset for the whole day unless it changes within it (a DST day): two look-ups instead of one per slot.
  const first = localInstant(date, 0);
  const last = localInstant(date, 24 * 60 - 1);
  const even = first !== null && last !== null && last - first === (24 * 60 - 1) * MINUTE;
  for (let j = 0; j < n; j++) {
    const m = from + j * rules.interval;
    minutes[j] = m;
    starts[j] = even && first !== null ? first + m * MINUTE : (localInstant(date, m) ?? Number.NaN);
  }
  return { minutes, starts, even };
}

/**
 * The first slot a span starting at `start` (ms) may overlap: on an evenly spaced grid the one holding `start`,
 * found by arithmetic; otherwise (a DST day) the first slot, and the caller's walk decides.
 */
function firstSlotAt(grid: Grid, start: number, length: number): number {
  const s0 = grid.starts[0];
  if (!grid.even || s0 === undefined) return 0;
  return Math.max(0, Math.floor((start - s0) / length));
}

/** Days since 1970-01-01 of a local instant / of a 'YYYY-MM-DD' date: the index's key, without Date objects. */
const localDayNumber = (ms: number) => Math.floor((ms + offsetAt(ms) * MINUTE) / DAY);
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;

/**
 * The bookings touching each local day of a window, per owner (capacity: one owner, every booking; professional
 * mode: each professional asked, his own), as lists of booking positions: the bucket of owner o and day d is
 * `items[offsets[o * days + d] .. offsets[o * days + d + 1]]`. Built in two passes over the facts (count, then
 * place) into typed arrays, so a month of thousands of bookings costs no object per booking.
 */
interface BookingIndex {
  firstDay: number;
  days: number;
  offsets: Int32Array;
  items: Int32Array;
}

function indexBookings(
  bookings: BookedTimes,
  firstDay: number,
  days: number,
  ownerOf: (userId: number) => number,
  owners: number,
): BookingIndex {
  const n = bookings.start.length;
  const offsets = new Int32Array(owners * days + 1);
  const owner = new Int32Array(n);
  const from = new Int32Array(n);
  const to = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const o = ownerOf(bookings.userId[i] ?? 0);
    owner[i] = o;
    if (o < 0) continue;
    // Each local day the booking touches, inside the window.
    from[i] = Math.max(0, localDayNumber(bookings.start[i] ?? 0) - firstDay);
    to[i] = Math.min(days - 1, localDayNumber((bookings.end[i] ?? 0) - 1) - firstDay);
    for (let d = from[i] ?? 0; d <= (to[i] ?? -1); d++) {
      const k = o * days + d + 1;
      offsets[k] = (offsets[k] ?? 0) + 1;
    }
  }
  for (let k = 1; k < offsets.length; k++) offsets[k] = (offsets[k] ?? 0) + (offsets[k - 1] ?? 0);
  const next = offsets.slice(0, -1);
  const items = new Int32Array(offsets[offsets.length - 1] ?? 0);
  for (let i = 0; i < n; i++) {
    const o = owner[i] ?? -1;
    if (o < 0) continue;
    for (let d = from[i] ?? 0; d <= (to[i] ?? -1); d++) {
      const at = next[o * days + d] ?? 0;
      next[o * days + d] = at + 1;
      items[at] = i;
    }
  }
  return { firstDay, days, offsets, items };
}

/** Why a day takes no bookings at all, or null. */
export function dayProblem(rules: SlotRules, facts: SlotFacts, date: string): string | null {
  if (facts.holidays.has(date) || !rules.days[String(weekdayOf(date))]?.enabled) return BOOKING_ERRORS.dayUnavailable;
  if (facts.blocks.some((b) => b.date === date && b.hour === null && b.userId === null))
    return BOOKING_ERRORS.dayUnavailable;
  return null;
}

/** What every owner's pass over one day shares: read once per day, not once per professional. */
interface Day {
  /** Position in the index's window. */
  index: number;
  weekday: number;
  grid: Grid;
  blocks: SlotFacts["blocks"];
}

/**
 * Per slot of the day, whether one more booking fits there (1) or not (0), written into `open`: for the owner `o`
 * of the index, a professional (userId) or the capacity (userId null). Blocks and block hours make a slot
 * unavailable; bookings fill it. A month's search calls this for every day and professional, so it works on
 * typed arrays the caller hands in (`count` is scratch) rather than allocating per slot.
 */
function openSlots(
  rules: SlotRules,
  facts: SlotFacts,
  index: BookingIndex,
  day: Day,
  o: number,
  userId: number | null,
  open: Uint8Array,
  count: Uint16Array,
): void {
  const { grid } = day;
  const n = grid.minutes.length;
  for (let j = 0; j < n; j++) open[j] = Number.isNaN(grid.starts[j]) ? 0 : 1;
  for (const b of day.blocks) {
    if (b.userId !== null && b.userId !== userId) continue;
    if (b.hour === null) return void open.fill(0, 0, n);
    const j = grid.minutes.indexOf(minutesOf(b.hour));
    if (j >= 0) open[j] = 0;
  }
  if (userId !== null) {
    for (const h of facts.blockHours) {
      if (h.userId !== userId || h.day !== day.weekday) continue;
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
  const bucket = o * index.days + day.index;
  const first = index.offsets[bucket] ?? 0;
  const last = index.offsets[bucket + 1] ?? 0;
  if (first === last) return;
  const length = rules.interval * MINUTE;
  const capacity = userId === null;
  if (capacity) count.fill(0, 0, n);
  const { start, end } = facts.bookings;
  // Each booking walks only the slots it overlaps (slot starts rise through the day).
  for (let k = first; k < last; k++) {
    const i = index.items[k] ?? 0;
    const bStart = start[i] ?? 0;
    const bEnd = end[i] ?? 0;
    for (let j = firstSlotAt(grid, bStart, length); j < n; j++) {
      const s = grid.starts[j] ?? Number.NaN;
      if (Number.isNaN(s)) continue;
      if (s >= bEnd) break;
      if (bStart >= s + length) continue;
      if (capacity) count[j] = (count[j] ?? 0) + 1;
      else open[j] = 0;
    }
  }
  if (capacity) for (let j = 0; j < n; j++) if ((count[j] ?? 0) >= rules.maxBookings) open[j] = 0;
}

/**
 * Marks in `found` (1) the slot indexes where a booking of `span` slots can start: that slot and the next span-1
 * all open, after now. Walks backwards counting the open slots that follow each one.
 */
function markStarts(open: Uint8Array, grid: Grid, span: number, now: number, found: Uint8Array): void {
  let run = 0;
  for (let j = grid.minutes.length - 1; j >= 0; j--) {
    run = open[j] ? run + 1 : 0;
    if ((grid.starts[j] ?? Number.NaN) > now && run >= span) found[j] = 1;
  }
}

const spanOf = (rules: SlotRules, duration: number) => Math.max(1, Math.ceil(duration / rules.interval));

/** 'HH:mm' of the minutes of a day, made once each: a month's answer repeats the same few dozen times. */
const clock: string[] = [];
const hhmmOf = (minutes: number) => (clock[minutes] ??= hhmm(minutes));

/**
 * The rule's working set for a window of days and some owners (capacity: the one null owner): the bookings indexed
 * by owner and day, and scratch arrays for a day's slots, reused by every day and owner.
 */
function windowOf(rules: SlotRules, facts: SlotFacts, from: string, days: number, owners: readonly (number | null)[]) {
  const position = new Map<number, number>();
  owners.forEach((owner, o) => owner !== null && position.set(owner, o));
  const index = indexBookings(
    facts.bookings,
    dayNumber(from),
    days,
    rules.mode === "capacity" ? () => 0 : (userId) => position.get(userId) ?? -1,
    owners.length,
  );
  // A day has at most one slot per minute.
  const size = Math.ceil((24 * 60) / rules.interval) + 1;
  return { index, open: new Uint8Array(size), count: new Uint16Array(size), found: new Uint8Array(size) };
}

function dayOf(rules: SlotRules, facts: SlotFacts, date: string, index: number): Day | null {
  const weekday = weekdayOf(date);
  const grid = dayGrid(rules, date, weekday);
  return grid && { index, weekday, grid, blocks: facts.blocks.filter((b) => b.date === date) };
}

/** Free start times ('HH:mm') of one day for the request: for capacity, or for any of the professionals. */
export function daySlots(rules: SlotRules, facts: SlotFacts, date: string, request: SlotRequest): string[] {
  return freeSlotsByDay(rules, facts, date, date, request)[date] ?? [];
}

/** Free start times of every day from `from` to `to` (inclusive), keyed by date. */
export function freeSlotsByDay(
  rules: SlotRules,
  facts: SlotFacts,
  from: string,
  to: string,
  request: SlotRequest,
): Record<string, string[]> {
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  const owners = rules.mode === "capacity" ? [null] : [...new Set(request.professionals)];
  const w = windowOf(rules, facts, from, dates.length, owners);
  const span = spanOf(rules, request.duration);
  const out: Record<string, string[]> = {};
  dates.forEach((date, i) => {
    const hours: string[] = (out[date] = []);
    const day = dayProblem(rules, facts, date) ? null : dayOf(rules, facts, date, i);
    if (!day) return;
    const n = day.grid.minutes.length;
    w.found.fill(0, 0, n);
    owners.forEach((owner, o) => {
      openSlots(rules, facts, w.index, day, o, owner, w.open, w.count);
      markStarts(w.open, day.grid, span, request.now, w.found);
    });
    for (let j = 0; j < n; j++) if (w.found[j]) hours.push(hhmmOf(day.grid.minutes[j] ?? 0));
  });
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
  booking: {
    date: string;
    time: string;
    duration: number;
    userId: number | null;
    professionals: readonly number[];
    now: number;
  },
): SlotProblem | null {
  const dayIssue = dayProblem(rules, facts, booking.date);
  if (dayIssue) return { field: "booking_date", message: dayIssue };
  let owner: number | null = null;
  if (rules.mode === "professional") {
    if (booking.userId === null) return { field: "user_id", message: BOOKING_ERRORS.professionalRequired };
    if (!booking.professionals.includes(booking.userId))
      return { field: "user_id", message: BOOKING_ERRORS.professionalUnavailable };
    owner = booking.userId;
  }
  const day = dayOf(rules, facts, booking.date, 0);
  if (!day) return { field: "booking_date", message: BOOKING_ERRORS.dayUnavailable };
  const j = day.grid.minutes.indexOf(minutesOf(booking.time));
  const start = j < 0 ? Number.NaN : (day.grid.starts[j] ?? Number.NaN);
  if (Number.isNaN(start)) return { field: "booking_time", message: BOOKING_ERRORS.slotTaken };
  if (start <= booking.now) return { field: "booking_time", message: BOOKING_ERRORS.pastTime };
  const w = windowOf(rules, facts, booking.date, 1, [owner]);
  const fits = w.found;
  openSlots(rules, facts, w.index, day, 0, owner, w.open, w.count);
  markStarts(w.open, day.grid, spanOf(rules, booking.duration), booking.now, fits);
  return fits[j] ? null : { field: "booking_time", message: BOOKING_ERRORS.slotTaken };
}
