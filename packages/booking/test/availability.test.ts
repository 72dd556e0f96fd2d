// The agenda's available minutes (the reports' occupancy denominator): the free-slot rule on an empty agenda, pure,
// and as read from a company's rules, holidays and blocks.
import { addDays } from "@taller/core";
import { queryRows } from "@taller/db";
import { useSeededApp } from "@taller/trpc/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { availableMinutes, loadAvailableMinutes, type AvailabilityFacts } from "../src/availability";
import type { SlotRules } from "../src/slots";

const weekdays = Object.fromEntries(
  ["1", "2", "3", "4", "5"].map((d) => [d, { enabled: true, start_time: "09:00", end_time: "13:00" }]),
);
const capacity: SlotRules = { mode: "capacity", interval: 30, maxBookings: 3, days: weekdays };
const none: AvailabilityFacts = { holidays: [], blocks: [], blockHours: [], professionals: [] };
// 2026-03-02 is a Monday: the week 2 to 8 has five working days and a weekend.
const [monday, friday, sunday] = ["2026-03-02", "2026-03-06", "2026-03-08"];

describe("availableMinutes", () => {
  it("capacity: each slot of the working days times its places, at each location", () => {
    expect(availableMinutes(capacity, none, monday, sunday, [1])).toBe(5 * 240 * 3);
    expect(availableMinutes(capacity, none, monday, sunday, [1, 2])).toBe(2 * 5 * 240 * 3);
    expect(availableMinutes(capacity, none, sunday, sunday, [1])).toBe(0);
  });

  it("capacity: less the company's holidays, a location's own, whole-day and slot blocks", () => {
    const facts: AvailabilityFacts = {
      ...none,
      holidays: [
        { date: monday, locationId: null },
        { date: "2026-03-03", locationId: 2 },
      ],
      blocks: [
        { date: "2026-03-04", hour: null, userId: null },
        { date: friday, hour: "09:00", userId: null },
        // A professional's block takes no capacity place.
        { date: friday, hour: "10:00", userId: 7 },
      ],
    };
    // Tuesday at location 1 only, Thursday at both, Friday at both less one slot.
    expect(availableMinutes(capacity, facts, monday, sunday, [1, 2])).toBe(720 + 2 * 720 + 2 * (720 - 90));
  });

  it("professional: one place per professional and slot, less his blocks and weekly block hours", () => {
    const rules: SlotRules = { ...capacity, mode: "professional" };
    const facts: AvailabilityFacts = {
      ...none,
      professionals: [7, 8],
      blocks: [
        { date: monday, hour: null, userId: 7 },
        { date: monday, hour: "12:30", userId: null },
      ],
      // 10:15 to 11:00 covers the 10:00 and 10:30 slots (they overlap it).
      blockHours: [{ userId: 8, day: 1, start: "10:15", end: "11:00" }],
    };
    // Monday: 7 blocked all day, 8 loses 12:30 and 10:00, 10:30. Locations do not multiply professionals.
    expect(availableMinutes(rules, facts, monday, monday, [1, 2])).toBe(240 - 3 * 30);
    expect(availableMinutes(rules, facts, friday, friday, [])).toBe(2 * 240);
  });
});

describe("loadAvailableMinutes", () => {
  const app = useSeededApp();

  it("reads the company's rules, a location's holiday and a whole-day block, and only its own locations", async () => {
    const db = app.db();
    const o = app.fx().other;
    const here = o.locationIds[0] ?? 0;
    const [added] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO locations (company_id, name) VALUES (${o.companyId}, 'Sucursal de prueba') RETURNING id`,
    );
    const there = added?.id ?? 0;
    // A week well ahead, past the demo's blocks: Monday to Sunday.
    let day = addDays(new Date().toISOString().slice(0, 10), 120);
    while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1) day = addDays(day, 1);
    const week = [day, addDays(day, 6)] as const;
    const load = (ids: number[] | null) => loadAvailableMinutes(db, o.companyId, ...week, ids);
    const base = await load([here]);
    const monday = await loadAvailableMinutes(db, o.companyId, day, day, [here]);
    expect(monday).toBeGreaterThan(0);
    expect(await load(null)).toBe(base * (o.locationIds.length + 1));
    await db.execute(
      sql`INSERT INTO holidays (company_id, date, name, location_id) VALUES (${o.companyId}, ${day}, 'Local', ${there})`,
    );
    expect(await load([here])).toBe(base);
    expect(await load([there])).toBe(base - monday);
    await db.execute(sql`INSERT INTO booking_blocks (company_id, date, active) VALUES (${o.companyId}, ${day}, true)`);
    expect(await load([here])).toBe(base - monday);
    // Another company's location counts nothing here.
    expect(await load([app.fx().demo.locationIds[0] ?? 0])).toBe(0);
  });
});
