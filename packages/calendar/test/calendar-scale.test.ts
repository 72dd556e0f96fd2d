// The calendar at a busy workshop's scale: a window holding more deliveries and events than calendar.range answers
// at once (CALENDAR_MAX_DELIVERIES, CALENDAR_MAX_EVENTS) shows every one of them: the month counts each day's and
// lists what a cell draws, each day's range answers all of its own, and a range past its limit says so. Sizes, not
// timings: the month sends at most CALENDAR_MONTH_SHOWN items a day.
import {
  addDays,
  CALENDAR_MAX_DELIVERIES,
  CALENDAR_MAX_EVENTS,
  CALENDAR_MONTH_SHOWN,
  deliveryDisplay,
  todayIn,
} from "@taller/core";
import { queryRows } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calendarRouter } from "../src";

const createCaller = createCallerFactory(calendarRouter);
const app = useSeededApp();
const admin = async () => createCaller(await app.staff("admin@taller.demo"));

/** A period of the demo's future with nothing of its own. */
const FIRST = addDays(todayIn(), 400);
const DAYS = 10;
const DELIVERIES = CALENDAR_MAX_DELIVERIES + 1;
const EVENTS = CALENDAR_MAX_EVENTS + 1;
const period = () => ({ from: FIRST, to: addDays(FIRST, DAYS - 1) });
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * DELIVERIES orders of the demo due over the period (every third one finished at a time of its day) and EVENTS events
 * (every fifth all day), each in one statement.
 */
async function fill(first = FIRST, days = DAYS) {
  const c = app.fx().demo.companyId;
  await app.db().execute(sql`
    INSERT INTO orders (company_id, correlative_id, status_id, finish_date, completed_at)
    SELECT ${c}, next_correlative('orders', ${c}), s.id, ${first}::date + (i % ${days}),
           CASE WHEN i % 3 = 0
                THEN ((${first}::date + (i % ${days}))::timestamp + time '09:00' + (i % 480) * interval '1 minute')
                     AT TIME ZONE 'America/Santiago' END
    FROM generate_series(0, ${DELIVERIES - 1}) AS i
    CROSS JOIN (SELECT id FROM statuses WHERE company_id = ${c} AND type = 'Order' ORDER BY position, id LIMIT 1) s`);
  await app.db().execute(sql`
    INSERT INTO events (company_id, name, start_at, duration_minutes, all_day)
    SELECT ${c}, 'Evento ' || i,
           ((${first}::date + (i % ${days}))::timestamp + time '08:00' + (i % 600) * interval '1 minute')
             AT TIME ZONE 'America/Santiago', 60, i % 5 = 0
    FROM generate_series(0, ${EVENTS - 1}) AS i`);
}

describe("the calendar holding more than a range answers", () => {
  it("counts every delivery and event per day, lists what a cell draws, and each day answers all of its own", async () => {
    await fill();
    const caller = await admin();
    const whole = await caller.range(period());
    expect(whole.deliveries_capped).toBe(true);
    expect(whole.events_capped).toBe(true);

    const month = await caller.month(period());
    expect(sum(month.counts.deliveries)).toBe(DELIVERIES);
    expect(sum(month.counts.events)).toBe(EVENTS);
    expect(month.deliveries).toHaveLength(DAYS * CALENDAR_MONTH_SHOWN);
    expect(month.events).toHaveLength(DAYS * CALENDAR_MONTH_SHOWN);

    let deliveries = 0;
    let events = 0;
    for (let d = 0; d < DAYS; d++) {
      const date = addDays(FIRST, d);
      const day = await caller.range({ from: date, to: date });
      expect(day.deliveries_capped || day.events_capped).toBe(false);
      expect(day.deliveries).toHaveLength(month.counts.deliveries[date] ?? -1);
      const inDay = day.events.filter((e) => e.date === date);
      expect(inDay).toHaveLength(month.counts.events[date] ?? -1);
      deliveries += day.deliveries.length;
      events += inDay.length;
      // The cell's deliveries: the timed ones first, by their time (none of these has a plate: labels '#n').
      const shown = month.deliveries.filter((x) => deliveryDisplay(x)?.date === date);
      expect(shown).toHaveLength(CALENDAR_MONTH_SHOWN);
      const timed = day.deliveries
        .map((x) => ({ id: x.id, at: deliveryDisplay(x)?.at ?? null }))
        .filter((x) => x.at !== null)
        .sort((a, b) => String(a.at).localeCompare(String(b.at)));
      expect(shown.every((x) => x.completed_at !== null)).toBe(true);
      expect(shown.map((x) => x.completed_at).sort()).toEqual(timed.slice(0, CALENDAR_MONTH_SHOWN).map((x) => x.at));
    }
    expect(deliveries).toBe(DELIVERIES);
    expect(events).toBe(EVENTS);
    const ids = await queryRows<{ n: number }>(
      app.db(),
      sql`SELECT count(DISTINCT correlative_id)::int AS n FROM orders WHERE company_id = ${app.fx().demo.companyId}`,
    );
    const all = await queryRows<{ n: number }>(
      app.db(),
      sql`SELECT count(*)::int AS n FROM orders WHERE company_id = ${app.fx().demo.companyId}`,
    );
    expect(ids[0]?.n).toBe(all[0]?.n);
  });

  it("says so when one day holds more than a range answers, and the month still counts it exactly", async () => {
    const date = addDays(FIRST, 40);
    await fill(date, 1);
    const caller = await admin();
    const day = await caller.range({ from: date, to: date });
    expect(day.deliveries).toHaveLength(CALENDAR_MAX_DELIVERIES);
    expect(day.deliveries_capped).toBe(true);
    expect(day.events).toHaveLength(CALENDAR_MAX_EVENTS);
    expect(day.events_capped).toBe(true);
    const month = await caller.month({ from: date, to: date });
    expect(month.counts.deliveries[date]).toBe(DELIVERIES);
    expect(month.counts.events[date]).toBe(EVENTS);
  });

  it("lists a cell's first deliveries by time, then by plate or '#n'", async () => {
    const c = app.fx().demo.companyId;
    const [busy, calm] = [addDays(FIRST, 60), addDays(FIRST, 61)];
    // Plates that sort apart from the demo's, and a status to give the orders.
    const vehicles = await queryRows<{ id: number; identifier: string }>(
      app.db(),
      sql`INSERT INTO vehicles (company_id, identifier)
          SELECT ${c}, p FROM unnest(ARRAY['ZZZ999', 'AAA111', 'MMM555', 'BBB222', 'CCC333']) AS p
          RETURNING id, identifier`,
    );
    const plate = (identifier: string) => vehicles.find((v) => v.identifier === identifier)?.id ?? null;
    const at = (day: string, time: string) => sql`(${day}::date + ${time}::time) AT TIME ZONE 'America/Santiago'`;
    const order = async (day: string, vehicle: string | null, completedAt: ReturnType<typeof sql> | null) =>
      (
        await queryRows<{ id: number }>(
          app.db(),
          sql`INSERT INTO orders (company_id, correlative_id, status_id, vehicle_id, finish_date, completed_at)
              SELECT ${c}, next_correlative('orders', ${c}), s.id, ${vehicle === null ? null : plate(vehicle)},
                     ${day}::date, ${completedAt}
              FROM (SELECT id FROM statuses WHERE company_id = ${c} AND type = 'Order' ORDER BY position, id LIMIT 1) s
              RETURNING id`,
        )
      )[0]?.id;
    // The busy day: two at 09:00, then two at 10:00 whose plates decide which one is third, and more untimed.
    const tiedZ = await order(busy, "ZZZ999", at(busy, "09:00"));
    const tiedA = await order(busy, "AAA111", at(busy, "09:00"));
    await order(busy, "MMM555", at(busy, "10:00"));
    const later = await order(busy, "BBB222", at(busy, "10:00"));
    await order(busy, "CCC333", null);
    await order(busy, null, null);
    // The calm day: one timed, then the untimed by label ('#n' sorts before letters).
    const timed = await order(calm, "ZZZ999", at(calm, "15:30"));
    const bare = await order(calm, null, null);
    const b = await order(calm, "BBB222", null);
    await order(calm, "CCC333", null);

    const month = await (await admin()).month({ from: busy, to: calm, type: "deliveries" });
    expect(month.counts.deliveries).toEqual({ [busy]: 6, [calm]: 4 });
    const shown = (date: string) => month.deliveries.filter((x) => x.finish_date === date).map((x) => x.id);
    const listed = new Set(month.deliveries.map((x) => x.id));
    expect([tiedA, tiedZ, later].every((id) => id !== undefined && listed.has(id))).toBe(true);
    expect(shown(busy)).toHaveLength(CALENDAR_MONTH_SHOWN);
    expect(new Set(shown(busy))).toEqual(new Set([tiedA, tiedZ, later]));
    expect(new Set(shown(calm))).toEqual(new Set([timed, bare, b]));
  });
});
