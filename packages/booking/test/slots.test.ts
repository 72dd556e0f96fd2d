// The free-slot rule, table-driven, without a database.
import { BOOKING_ERRORS } from "@taller/core";
import { describe, expect, it } from "vitest";
import {
  daySlots,
  freeSlotsByDay,
  localInstant,
  localNow,
  slotProblem,
  type BookedTimes,
  type SlotFacts,
  type SlotRules,
} from "../src/slots";

const MONDAY = "2026-12-07";
const SATURDAY = "2026-12-12";
const SUNDAY = "2026-12-13";
/** A week before MONDAY: nothing is "today" unless a case says so. */
const BEFORE = Date.parse("2026-11-30T12:00:00Z");
/** America/Santiago is at -03:00 in December (summer time). */
const at = (date: string, time: string) => Date.parse(`${date}T${time}:00-03:00`);

const week = { enabled: true, start_time: "09:00", end_time: "11:00" };
const capacity: SlotRules = {
  mode: "capacity",
  interval: 30,
  maxBookings: 2,
  days: {
    "1": week,
    "2": week,
    "3": week,
    "4": week,
    "5": week,
    "6": { enabled: true, start_time: "09:00", end_time: "10:00" },
    "7": { ...week, enabled: false },
  },
};
const professional: SlotRules = { ...capacity, mode: "professional" };
type Booked = { start: number; end: number; userId: number | null };
/** A case's facts, its bookings written one object each (the rule takes them as parallel arrays). */
type FactsOver = Partial<Omit<SlotFacts, "bookings">> & { bookings?: Booked[] };
const times = (list: Booked[]): BookedTimes => ({
  start: Float64Array.from(list, (b) => b.start),
  end: Float64Array.from(list, (b) => b.end),
  userId: Int32Array.from(list, (b) => b.userId ?? 0),
});
const none: SlotFacts = { holidays: new Set(), blocks: [], blockHours: [], bookings: times([]) };
const facts = (over: FactsOver): SlotFacts => ({ ...none, ...over, bookings: times(over.bookings ?? []) });
const booking = (date: string, time: string, minutes: number, userId: number | null = null) => ({
  start: at(date, time),
  end: at(date, time) + minutes * 60_000,
  userId,
});
const ALL = ["09:00", "09:30", "10:00", "10:30"];

describe("free slots (capacity)", () => {
  const cases: {
    name: string;
    facts?: FactsOver;
    date?: string;
    duration?: number;
    now?: number;
    rules?: SlotRules;
    want: string[];
  }[] = [
    { name: "an empty working day offers every slot", want: ALL },
    {
      name: "a 60-minute booking needs two free slots, so it cannot start in the last one",
      duration: 60,
      want: ["09:00", "09:30", "10:00"],
    },
    { name: "a 45-minute booking also needs ceil(45/30) = 2 slots", duration: 45, want: ["09:00", "09:30", "10:00"] },
    { name: "one booking leaves room below capacity", facts: { bookings: [booking(MONDAY, "09:30", 30)] }, want: ALL },
    {
      name: "a slot with max_bookings bookings is full",
      facts: { bookings: [booking(MONDAY, "09:30", 30), booking(MONDAY, "09:30", 30, 7)] },
      want: ["09:00", "10:00", "10:30"],
    },
    {
      name: "a full slot also refuses longer bookings that would cross it",
      facts: { bookings: [booking(MONDAY, "09:30", 30), booking(MONDAY, "09:30", 30)] },
      duration: 60,
      want: ["10:00"],
    },
    {
      name: "an existing 45-minute booking occupies two slots",
      facts: { bookings: [booking(MONDAY, "09:00", 45), booking(MONDAY, "09:00", 45)] },
      want: ["10:00", "10:30"],
    },
    {
      name: "bookings of another day do not count",
      facts: { bookings: [booking("2026-12-08", "09:00", 30), booking("2026-12-08", "09:00", 30)] },
      want: ALL,
    },
    { name: "a holiday offers nothing", facts: { holidays: new Set([MONDAY]) }, want: [] },
    { name: "a day off (Sunday disabled) offers nothing", date: SUNDAY, want: [] },
    { name: "Saturday has its own hours", date: SATURDAY, want: ["09:00", "09:30"] },
    {
      name: "a whole-day block offers nothing",
      facts: { blocks: [{ date: MONDAY, hour: null, userId: null }] },
      want: [],
    },
    {
      name: "an hour block closes that slot",
      facts: { blocks: [{ date: MONDAY, hour: "10:00", userId: null }] },
      want: ["09:00", "09:30", "10:30"],
    },
    {
      name: "a professional's block does not close capacity",
      facts: { blocks: [{ date: MONDAY, hour: "10:00", userId: 7 }] },
      want: ALL,
    },
    { name: "today: only slots after now", now: at(MONDAY, "09:40"), want: ["10:00", "10:30"] },
    { name: "a slot starting right now is gone", now: at(MONDAY, "10:00"), want: ["10:30"] },
    { name: "a past day offers nothing", now: at("2026-12-08", "08:00"), want: [] },
    {
      name: "a 10-minute interval lists every step",
      duration: 10,
      rules: { ...capacity, interval: 10, days: { "1": { enabled: true, start_time: "09:00", end_time: "09:40" } } },
      want: ["09:00", "09:10", "09:20", "09:30"],
    },
    {
      name: "a 30-minute booking on a 10-minute grid needs three free steps",
      rules: { ...capacity, interval: 10, days: { "1": { enabled: true, start_time: "09:00", end_time: "09:40" } } },
      want: ["09:00", "09:10"],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(
        daySlots(c.rules ?? capacity, facts(c.facts ?? {}), c.date ?? MONDAY, {
          duration: c.duration ?? 30,
          professionals: [],
          now: c.now ?? BEFORE,
        }),
      ).toEqual(c.want);
    });
  }
});

describe("free slots (professional)", () => {
  const cases: { name: string; facts?: FactsOver; pros: number[]; duration?: number; want: string[] }[] = [
    { name: "a free professional offers every slot", pros: [1], want: ALL },
    {
      name: "one booking takes the professional's slot",
      facts: { bookings: [booking(MONDAY, "09:00", 60, 1)] },
      pros: [1],
      want: ["10:00", "10:30"],
    },
    {
      name: "another professional's booking does not",
      facts: { bookings: [booking(MONDAY, "09:00", 60, 2)] },
      pros: [1],
      want: ALL,
    },
    {
      name: "any of several professionals: the union",
      facts: { bookings: [booking(MONDAY, "09:00", 60, 1), booking(MONDAY, "10:00", 60, 2)] },
      pros: [1, 2],
      want: ALL,
    },
    {
      name: "any professional, but each must hold the whole span",
      facts: { bookings: [booking(MONDAY, "09:30", 30, 1), booking(MONDAY, "10:00", 30, 2)] },
      pros: [1, 2],
      duration: 60,
      want: ["09:00", "10:00"],
    },
    {
      name: "block hours make those slots unavailable",
      facts: { blockHours: [{ userId: 1, day: 1, start: "09:15", end: "10:00" }] },
      pros: [1],
      want: ["10:00", "10:30"],
    },
    {
      name: "block hours of another weekday do not",
      facts: { blockHours: [{ userId: 1, day: 2, start: "09:00", end: "11:00" }] },
      pros: [1],
      want: ALL,
    },
    {
      name: "a block of the professional's hour",
      facts: { blocks: [{ date: MONDAY, hour: "09:30", userId: 1 }] },
      pros: [1],
      want: ["09:00", "10:00", "10:30"],
    },
    {
      name: "a block of the professional's whole day",
      facts: { blocks: [{ date: MONDAY, hour: null, userId: 1 }] },
      pros: [1],
      want: [],
    },
    {
      name: "a block of an hour for everyone",
      facts: { blocks: [{ date: MONDAY, hour: "09:30", userId: null }] },
      pros: [1, 2],
      want: ["09:00", "10:00", "10:30"],
    },
    { name: "no professional, no slots", pros: [], want: [] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(
        daySlots(professional, facts(c.facts ?? {}), MONDAY, {
          duration: c.duration ?? 30,
          professionals: c.pros,
          now: BEFORE,
        }),
      ).toEqual(c.want);
    });
  }
});

describe("America/Santiago wall clock, DST days included", () => {
  // 2026: summer time ends on Sunday April 5 (Saturday 24:00 becomes 23:00) and starts on Sunday September 6
  // (00:00 becomes 01:00). The instants are what PostgreSQL answers for `(date + time) AT TIME ZONE
  // 'America/Santiago'`.
  const cases: [date: string, time: string, iso: string | null][] = [
    ["2026-01-15", "09:00", "2026-01-15T12:00:00.000Z"],
    ["2026-07-15", "09:00", "2026-07-15T13:00:00.000Z"],
    ["2026-04-04", "22:30", "2026-04-05T01:30:00.000Z"],
    // Repeated hour: the later instant, as PostgreSQL.
    ["2026-04-04", "23:30", "2026-04-05T03:30:00.000Z"],
    ["2026-04-05", "00:00", "2026-04-05T04:00:00.000Z"],
    ["2026-04-05", "09:00", "2026-04-05T13:00:00.000Z"],
    // Skipped hour: no such time.
    ["2026-09-06", "00:00", null],
    ["2026-09-06", "00:30", null],
    ["2026-09-06", "01:00", "2026-09-06T04:00:00.000Z"],
    ["2026-09-06", "09:00", "2026-09-06T12:00:00.000Z"],
  ];
  for (const [date, time, iso] of cases) {
    it(`${date} ${time} is ${iso ?? "no time"}`, () => {
      const [h, m] = time.split(":").map(Number);
      const ms = localInstant(date, (h ?? 0) * 60 + (m ?? 0));
      expect(ms === null ? null : new Date(ms).toISOString()).toBe(iso);
    });
  }

  it("the day after summer time ends keeps its 09:00 slots at 09:00 local", () => {
    const rules: SlotRules = {
      ...capacity,
      maxBookings: 1,
      days: { "7": { enabled: true, start_time: "09:00", end_time: "10:00" } },
    };
    // A booking stored by the database for 09:00 local on that Sunday (-04:00).
    const taken = { start: Date.parse("2026-04-05T13:00:00Z"), end: Date.parse("2026-04-05T13:30:00Z"), userId: null };
    expect(
      daySlots(rules, facts({ bookings: [taken] }), "2026-04-05", {
        duration: 30,
        professionals: [],
        now: Date.parse("2026-04-01T00:00:00Z"),
      }),
    ).toEqual(["09:30"]);
  });

  it("the night summer time starts offers no slot in the skipped hour", () => {
    const rules: SlotRules = { ...capacity, days: { "7": { enabled: true, start_time: "00:00", end_time: "02:00" } } };
    expect(
      daySlots(rules, none, "2026-09-06", { duration: 30, professionals: [], now: Date.parse("2026-09-01T00:00:00Z") }),
    ).toEqual(["01:00", "01:30"]);
  });

  it("now is read on the local clock", () => {
    expect(localNow(Date.parse("2026-12-07T02:30:00Z"))).toEqual({ date: "2026-12-06", minutes: 23 * 60 + 30 });
    expect(localNow(Date.parse("2026-07-07T03:59:00Z"))).toEqual({ date: "2026-07-06", minutes: 23 * 60 + 59 });
  });
});

describe("a window of days", () => {
  it("answers every day from..to, with the rules of each", () => {
    const days = freeSlotsByDay(capacity, facts({ holidays: new Set(["2026-12-08"]) }), MONDAY, SUNDAY, {
      duration: 30,
      professionals: [],
      now: BEFORE,
    });
    expect(Object.keys(days)).toEqual([
      "2026-12-07",
      "2026-12-08",
      "2026-12-09",
      "2026-12-10",
      "2026-12-11",
      "2026-12-12",
      "2026-12-13",
    ]);
    expect(days["2026-12-08"]).toEqual([]);
    expect(days["2026-12-12"]).toEqual(["09:00", "09:30"]);
    expect(days["2026-12-13"]).toEqual([]);
  });

  it("counts each day's bookings on that day only, per professional", () => {
    const TUESDAY = "2026-12-08";
    const busy = facts({ bookings: [booking(MONDAY, "09:00", 120, 1), booking(TUESDAY, "09:00", 120, 2)] });
    const window = (professionals: number[]) =>
      freeSlotsByDay(professional, busy, MONDAY, TUESDAY, { duration: 30, professionals, now: BEFORE });
    expect(window([1, 2])).toEqual({ [MONDAY]: ALL, [TUESDAY]: ALL });
    expect(window([1])).toEqual({ [MONDAY]: [], [TUESDAY]: ALL });
    expect(window([2])).toEqual({ [MONDAY]: ALL, [TUESDAY]: [] });
    // Asked twice, a professional is still one: his bookings count for him.
    expect(window([1, 1])).toEqual({ [MONDAY]: [], [TUESDAY]: ALL });
  });

  it("a booking that crosses midnight fills the next day's first slots, inside a window or alone", () => {
    const TUESDAY = "2026-12-08";
    const night: SlotRules = {
      ...capacity,
      maxBookings: 1,
      days: {
        "1": { enabled: true, start_time: "23:00", end_time: "23:59" },
        "2": { enabled: true, start_time: "00:00", end_time: "01:00" },
      },
    };
    const late = facts({ bookings: [booking(MONDAY, "23:30", 60)] });
    const request = { duration: 30, professionals: [], now: BEFORE };
    expect(freeSlotsByDay(night, late, MONDAY, TUESDAY, request)).toEqual({
      [MONDAY]: ["23:00"],
      [TUESDAY]: ["00:30"],
    });
    expect(daySlots(night, late, TUESDAY, request)).toEqual(["00:30"]);
  });
});

describe("one slot, as the write paths check it", () => {
  const base = {
    date: MONDAY,
    time: "09:30",
    duration: 30,
    userId: 1 as number | null,
    professionals: [1, 2],
    now: BEFORE,
  };
  const cases: {
    name: string;
    rules?: SlotRules;
    facts?: FactsOver;
    over?: Partial<typeof base>;
    want: ReturnType<typeof slotProblem>;
  }[] = [
    { name: "a free slot fits", want: null },
    {
      name: "the professional is required",
      over: { userId: null },
      want: { field: "user_id", message: BOOKING_ERRORS.professionalRequired },
    },
    {
      name: "a professional not offered",
      over: { userId: 3 },
      want: { field: "user_id", message: BOOKING_ERRORS.professionalUnavailable },
    },
    { name: "capacity mode needs none", rules: capacity, over: { userId: null }, want: null },
    {
      name: "a holiday",
      facts: { holidays: new Set([MONDAY]) },
      want: { field: "booking_date", message: BOOKING_ERRORS.dayUnavailable },
    },
    {
      name: "a day off",
      over: { date: SUNDAY },
      want: { field: "booking_date", message: BOOKING_ERRORS.dayUnavailable },
    },
    {
      name: "a time off the grid",
      over: { time: "09:45" },
      want: { field: "booking_time", message: BOOKING_ERRORS.slotTaken },
    },
    {
      name: "a time after closing",
      over: { time: "11:00" },
      want: { field: "booking_time", message: BOOKING_ERRORS.slotTaken },
    },
    {
      name: "a span past closing",
      over: { time: "10:30", duration: 60 },
      want: { field: "booking_time", message: BOOKING_ERRORS.slotTaken },
    },
    {
      name: "a past time",
      over: { now: at(MONDAY, "10:00") },
      want: { field: "booking_time", message: BOOKING_ERRORS.pastTime },
    },
    {
      name: "the professional is taken",
      facts: { bookings: [booking(MONDAY, "09:00", 60, 1)] },
      want: { field: "booking_time", message: BOOKING_ERRORS.slotTaken },
    },
    {
      name: "the last capacity place is taken",
      rules: capacity,
      facts: { bookings: [booking(MONDAY, "09:30", 30), booking(MONDAY, "09:30", 30)] },
      over: { userId: null },
      want: { field: "booking_time", message: BOOKING_ERRORS.slotTaken },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(slotProblem(c.rules ?? professional, facts(c.facts ?? {}), { ...base, ...c.over })).toEqual(c.want);
    });
  }
});
