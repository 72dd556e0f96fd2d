// `pnpm bench:vehicles [--url URL] [--orders N] [--runs R]`: the vehicles list's first page and status boxes at
// scale, called in-process as the server runs them. Each case is timed twice in alternation: as the list answers at
// every location (its boxes read from `vehicle_state_counts`), and as the baseline, the same call with every location
// of the company selected by id, which counts the vehicles with an open order and a coming booking (what every first
// page did before the stored counts). Both must answer the same boxes; the ratio is stored ÷ counted.
// Without --url it seeds "Taller Escala" with N orders (default 1,000,000) on a new database of TEST_DATABASE_URL /
// DATABASE_URL's server and drops it at the end; --url reuses a database the scale generator filled.
import { parseArgs } from "node:util";
import { queryRows } from "@taller/db";
import { SCALE_COMPANY } from "@taller/db/seed";
import { createCallerFactory, createEventBus } from "@taller/trpc";
import { staffContext } from "@taller/trpc/testing";
import { percentiles, withScaleDatabase } from "@taller/testing/bench";
import { sql } from "drizzle-orm";
import { vehiclesRouter } from "@taller/vehicles";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    orders: { type: "string", default: "1000000" },
    runs: { type: "string", default: "40" },
  },
});
const RUNS = Number(args.runs);
await withScaleDatabase({ kind: "vehicles", url: args.url, orders: Number(args.orders) }, async (database) => {
  const db = database.db;
  const context = await staffContext(database, createEventBus(database), `admin@${SCALE_COMPANY.domain}`);
  const caller = createCallerFactory(vehiclesRouter)(context);
  const locations = await queryRows<{ id: number }>(
    db,
    sql`SELECT l.id FROM locations l JOIN companies c ON c.id = l.company_id WHERE c.domain = ${SCALE_COMPANY.domain} ORDER BY l.id`,
  );
  const everyLocation = locations.map((l) => l.id);
  const cases = [
    { name: "first page (default: Sin orden + Agendado)", input: { status_id: [1, 2] as (1 | 2 | 3)[] } },
    { name: "first page (all statuses)", input: {} },
    { name: "first page (Con orden)", input: { status_id: [3] as (1 | 2 | 3)[] } },
  ];
  console.log("case | stored p50 / p95 ms | counted p50 / p95 ms | ratio p50 | ratio p95 | boxes");
  for (const c of cases) {
    const stored = () => caller.list(c.input);
    const counted = () => caller.list({ ...c.input, location_ids: everyLocation });
    const [a, b] = [await stored(), await counted()];
    const same = JSON.stringify(a.totals) === JSON.stringify(b.totals) && a.total === b.total;
    if (!same) throw new Error(`${c.name}: stored ${JSON.stringify(a.totals)} ≠ counted ${JSON.stringify(b.totals)}`);
    const times = { stored: [] as number[], counted: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      for (const [key, call] of [
        ["stored", stored],
        ["counted", counted],
      ] as const) {
        const started = performance.now();
        await call();
        times[key].push(performance.now() - started);
      }
    }
    const s = percentiles(times.stored);
    const k = percentiles(times.counted);
    const boxes = a.totals ? a.totals.by_status.map((t) => t.count).join(" / ") : "-";
    console.log(
      [
        c.name,
        `${s.p50.toFixed(2)} / ${s.p95.toFixed(2)}`,
        `${k.p50.toFixed(2)} / ${k.p95.toFixed(2)}`,
        (s.p50 / k.p50).toFixed(2),
        (s.p95 / k.p95).toFixed(2),
        boxes,
      ].join(" | "),
    );
  }
});
