// The agenda at a busy workshop's scale: a window holding more bookings than any limit the agenda's reads once had
// (10,000 per range) shows every one of them: each day's count in the month, every booking in its day, or the day
// says how many it left out. Sizes, not timings: the month answer lists at most AGENDA_MONTH_SHOWN per day.
import { AGENDA_DAY_MAX_BOOKINGS, AGENDA_MONTH_SHOWN, addDays, compareBookingsForMonth } from "@taller/core";
import { queryRows } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingRouter } from "../src";

const createCaller = createCallerFactory(bookingRouter);
const app = useSeededApp();
const admin = async () => createCaller(await app.staff("admin@taller.demo"));

/** A period of the demo's future where it has no bookings of its own. */
const FIRST = addDays(new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santiago" }).format(new Date()), 400);
const DAYS = 12;
/** One more than the old range limit, spread over DAYS days (about 834 a day, under the day's limit). */
const MANY = 10_001;

/**
 * Inserts `n` bookings of the demo company from `first` over `days` days, every 10 minutes from 08:00 and with
 * states that vary (confirmed, no-show, re-entry), in one statement. Answers their ids.
 */
async function insertMany(first: string, days: number, n: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    app.db(),
    sql`
    INSERT INTO bookings (company_id, booking_date, booking_time, duration, confirmed, non_attendance, booking_type)
    SELECT ${app.fx().demo.companyId}, ${first}::date + (i % ${days}), time '08:00' + ((i / ${days}) % 90) * interval '10 minutes',
           30, i % 3 = 0, i % 7 = 0, CASE WHEN i % 11 = 0 THEN 'reentry' ELSE 'booking' END
    FROM generate_series(0, ${n - 1}) AS i
    RETURNING id`,
  );
  return rows.map((r) => r.id);
}

describe("the agenda holding more bookings than any limit", () => {
  it("counts every booking per day in the month, lists what a cell draws, and the day answers them all", async () => {
    const ids = await insertMany(FIRST, DAYS, MANY);
    expect(ids).toHaveLength(MANY);
    const caller = await admin();
    const month = await caller.range({ from: FIRST, to: addDays(FIRST, DAYS - 1) });
    expect(Object.values(month.counts).reduce((a, b) => a + b, 0)).toBe(MANY);
    for (const list of Object.values(month.bookings)) expect(list).toHaveLength(AGENDA_MONTH_SHOWN);
    // What the month sends follows what it draws: 3 a day, not the window's 10,001.
    expect(Object.values(month.bookings).flat()).toHaveLength(DAYS * AGENDA_MONTH_SHOWN);

    const reached = new Set<number>();
    for (let d = 0; d < DAYS; d++) {
      const date = addDays(FIRST, d);
      const day = await caller.day({ date });
      expect(day.total).toBe(month.counts[date]);
      expect(day.bookings).toHaveLength(day.total);
      expect(day.bookings.every((b) => b.booking_date === date)).toBe(true);
      // The cell lists the day's first ones in the month's order.
      expect(month.bookings[date]?.map((b) => b.id)).toEqual(
        [...day.bookings]
          .sort(compareBookingsForMonth)
          .slice(0, AGENDA_MONTH_SHOWN)
          .map((b) => b.id),
      );
      for (const b of day.bookings) reached.add(b.id);
    }
    expect(reached.size).toBe(MANY);
  });

  it("says how many a day left out when it holds more than the day's limit", async () => {
    const date = addDays(FIRST, 60);
    await insertMany(date, 1, AGENDA_DAY_MAX_BOOKINGS + 5);
    const caller = await admin();
    const day = await caller.day({ date });
    expect(day.bookings).toHaveLength(AGENDA_DAY_MAX_BOOKINGS);
    expect(day.total).toBe(AGENDA_DAY_MAX_BOOKINGS + 5);
    const month = await caller.range({ from: date, to: date });
    expect(month.counts[date]).toBe(AGENDA_DAY_MAX_BOOKINGS + 5);
  });
});
