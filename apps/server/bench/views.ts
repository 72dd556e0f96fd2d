// `pnpm bench:views [--url URL] [--orders N] [--runs R]`: the agenda's month (`booking.range`) and the calendar's
// month (`calendar.month`) at scale, called in-process as the server runs them, on "Taller Escala"'s busiest month
// (its window as the screens ask it: the month and a week either side). For each view it checks that nothing is
// cut silently and that the answer is what the grid draws, and times it against the same window read in full:
// - agenda: every day of the window through `booking.day` (every booking of the day with its names, as the day view
//   reads it); the month's per-day counts must equal the days' totals, and it sends at most AGENDA_MONTH_SHOWN a day;
// - calendar: every day through `calendar.range` (every delivery of the day with its names); the month's counts
//   must equal the days' deliveries (a day holding more than the range answers fails the check: it cannot be compared),
//   and it sends at most CALENDAR_MONTH_SHOWN a day.
// The ratio is the month's time over the full window's (p50 and p95 of R alternated runs): the month's cost follows
// what it draws, not what the window holds. Answer sizes are the JSON's bytes.
// Without --url it seeds the demo and "Taller Escala" with N orders (default 1,000,000: 250,000 vehicles, 12,500
// bookings in the coming month) on a new database of TEST_DATABASE_URL / DATABASE_URL's server and drops it at the
// end; --url reuses a database the scale generator filled (`pnpm db:seed --orders N`).
import { parseArgs } from "node:util";
import { appRouter } from "@taller/api";
import { addDays, AGENDA_MONTH_SHOWN, CALENDAR_MONTH_SHOWN } from "@taller/core";
import { queryRows } from "@taller/db";
import { SCALE_COMPANY } from "@taller/db/seed";
import { createCallerFactory, createEventBus } from "@taller/trpc";
import { staffContext } from "@taller/trpc/testing";
import { percentiles, withScaleDatabase } from "@taller/testing/bench";
import { sql } from "drizzle-orm";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    orders: { type: "string", default: "1000000" },
    runs: { type: "string", default: "10" },
  },
});
const RUNS = Number(args.runs);
const log = (m: string) => console.log(`[bench] ${m}`);

/** The days from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const days = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}
/** The month's window as the screens ask it: a week before its first day to a week after its last. */
function monthWindow(month: string) {
  const first = `${month}-01`;
  const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
  return { from: addDays(first, -7), to: addDays(last, 7) };
}
const sum = (xs: Iterable<number>) => [...xs].reduce((a, b) => a + b, 0);
const kb = (value: unknown) => `${(JSON.stringify(value).length / 1024).toFixed(0)} KB`;

/** p50 and p95 ms of `month` and of `full`, alternated `RUNS` times, and their ratios. */
async function timed(month: () => Promise<unknown>, full: () => Promise<unknown>) {
  const times = { month: [] as number[], full: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    for (const [key, call] of i % 2 === 0
      ? ([
          ["month", month],
          ["full", full],
        ] as const)
      : ([
          ["full", full],
          ["month", month],
        ] as const)) {
      const started = performance.now();
      await call();
      times[key].push(performance.now() - started);
    }
  }
  const m = percentiles(times.month);
  const f = percentiles(times.full);
  return (
    `month p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms; the window in full p50 ${f.p50.toFixed(1)} ms, ` +
    `p95 ${f.p95.toFixed(1)} ms; ratio p50 ${(m.p50 / f.p50).toFixed(2)}x, p95 ${(m.p95 / f.p95).toFixed(2)}x`
  );
}

let failed = false;
const check = (ok: boolean, what: string) => {
  log(`  ${ok ? "met" : "NOT MET"}: ${what}`);
  if (!ok) failed = true;
};

await withScaleDatabase({ kind: "views", url: args.url, orders: Number(args.orders) }, async (database) => {
  const db = database.db;
  const context = await staffContext(database, createEventBus(database), `admin@${SCALE_COMPANY.domain}`);
  const caller = createCallerFactory(appRouter)(context);
  const [company] = await queryRows<{ id: number; orders: number; clients: number; vehicles: number }>(
    db,
    sql`SELECT c.id, (SELECT count(*)::int FROM orders WHERE company_id = c.id) AS orders,
               (SELECT count(*)::int FROM clients WHERE company_id = c.id) AS clients,
               (SELECT count(*)::int FROM vehicles WHERE company_id = c.id) AS vehicles
        FROM companies c WHERE c.domain = ${SCALE_COMPANY.domain}`,
  );
  if (!company) throw new Error(`no ${SCALE_COMPANY.name} in the database: seed it (pnpm db:seed --orders N)`);
  log(`${SCALE_COMPANY.name}: ${company.orders} orders, ${company.clients} clients, ${company.vehicles} vehicles`);

  // The agenda: the month holding the most bookings.
  const [busiest] = await queryRows<{ month: string }>(
    db,
    sql`SELECT to_char(booking_date, 'YYYY-MM') AS month FROM bookings WHERE company_id = ${company.id}
        GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
  if (busiest) {
    const window = monthWindow(busiest.month);
    const [held] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM bookings WHERE company_id = ${company.id}
          AND booking_date BETWEEN ${window.from}::date AND ${window.to}::date`,
    );
    const dates = daysOf(window.from, window.to);
    const month = () => caller.booking.range(window);
    const full = () => Promise.all(dates.map((date) => caller.booking.day({ date })));
    const [answer, days] = [await month(), await full()];
    const sent = Object.values(answer.bookings).map((list) => list.length);
    log(`agenda, ${window.from} to ${window.to}: ${held?.n ?? 0} bookings in the window`);
    check(
      days.every((d, i) => (answer.counts[dates[i] ?? ""] ?? 0) === d.total) &&
        sum(Object.values(answer.counts)) === held?.n,
      `every booking counted: the month counts ${sum(Object.values(answer.counts))}, the days hold ${sum(days.map((d) => d.total))}`,
    );
    check(
      sum(sent) > 0 &&
        Object.entries(answer.counts).every(
          ([day, n]) => (answer.bookings[day]?.length ?? 0) === Math.min(n, AGENDA_MONTH_SHOWN),
        ),
      `the grid's rows only: ${sum(sent)} bookings sent (each day its first ${AGENDA_MONTH_SHOWN}), ${kb(answer)} against ${kb(days)} in full`,
    );
    log(`  ${await timed(month, full)}`);
  } else log("agenda: the company has no bookings");

  // The calendar: the month whose days hold the most promised deliveries.
  const [deliveriesMonth] = await queryRows<{ month: string }>(
    db,
    sql`SELECT to_char(finish_date, 'YYYY-MM') AS month FROM orders WHERE company_id = ${company.id} AND finish_date IS NOT NULL
        GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
  if (deliveriesMonth) {
    const window = monthWindow(deliveriesMonth.month);
    const dates = daysOf(window.from, window.to);
    const month = () => caller.calendar.month({ ...window, type: "deliveries" });
    const full = () =>
      Promise.all(dates.map((day) => caller.calendar.range({ from: day, to: day, type: "deliveries" })));
    const [answer, days] = [await month(), await full()];
    const perDay = dates.map((day, i) => ({
      counted: answer.counts.deliveries[day] ?? 0,
      listed: days[i]?.deliveries.length ?? 0,
      capped: days[i]?.deliveries_capped ?? false,
    }));
    const capped = perDay.filter((d) => d.capped).length;
    log(
      `calendar, ${window.from} to ${window.to}: ${sum(perDay.map((d) => d.counted))} deliveries counted by the month` +
        (capped ? ` (${capped} days hold more than a range answers)` : ""),
    );
    check(
      capped === 0 && sum(perDay.map((d) => d.counted)) > 0 && perDay.every((d) => d.counted === d.listed),
      `every delivery counted: the days list ${sum(perDay.map((d) => d.listed))}`,
    );
    check(
      answer.deliveries.length === sum(perDay.map((d) => Math.min(d.counted, CALENDAR_MONTH_SHOWN))),
      `the grid's rows only: ${answer.deliveries.length} deliveries sent (each day its first ${CALENDAR_MONTH_SHOWN}), ${kb(answer)} against ${kb(days)} in full`,
    );
    log(`  ${await timed(month, full)}`);
  } else log("calendar: the company has no promised deliveries");
});
if (failed) process.exitCode = 1;
