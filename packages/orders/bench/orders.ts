// `pnpm bench:orders [--orders N] [--runs R]`: the orders list at scale, through the real HTTP /trpc endpoint
// against the same SQL run directly, in one run on a fresh database.
//
// Creates a database on TEST_DATABASE_URL / DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// seeds the demo, N orders (default 1,000,000) in "Taller Escala" and a tenth of that in a second company, starts
// the real server as a child process, logs in as admin@escala.demo, and times each case both ways: over HTTP with
// the session cookie, and as the SQL statements the procedure issued (recorded at the postgres.js client while
// calling the procedure once) replayed with postgres.js. Then times the 1000-row export and the server's peak
// memory while it runs. The database is dropped at the end.
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { present } from "@taller/core";
import { seedScale } from "@taller/db/seed";
import { createCallerFactory, createEventBus } from "@taller/trpc";
import {
  benchHttpClient,
  benchLog,
  benchLogin,
  benchSeconds,
  percentiles,
  printTimings,
  recordingDatabase,
  runScaleBench,
  timeCases,
  type BenchCase,
} from "@taller/testing/bench";
import { staffContext } from "@taller/trpc/testing";
import { vehiclesRouter } from "@taller/vehicles";
import { ordersRouter } from "../src";

const { values: args } = parseArgs({
  options: { orders: { type: "string", default: "1000000" }, runs: { type: "string", default: "200" } },
});
const ORDERS = Number(args.orders);
const RUNS = Number(args.runs);
const TARGET = { ratio: 1.5, p95Ms: 50, exportMs: 1000, exportMb: 150 };

await runScaleBench(
  "orders",
  {
    orders: ORDERS,
    // A second company, a tenth the size: the lists must not read it.
    seed: async (db) => {
      await seedScale(db, {
        orders: Math.max(1000, Math.round(ORDERS / 10)),
        name: "Taller Escala Dos",
        domain: "escala2.demo",
      });
    },
  },
  async ({ database, raw, baseUrl, companyId, server }) => {
    const cookie = await benchLogin(baseUrl, "admin@escala.demo");
    const http = benchHttpClient(baseUrl, cookie);

    // The same procedures called in-process on a drizzle instance whose postgres.js client records every statement
    // they send, with its parameters and whether it was prepared; the SQL side replays exactly that.
    const recorder = recordingDatabase(database, raw);
    const captureBus = createEventBus(recorder.database);
    const context = await staffContext(recorder.database, captureBus, "admin@escala.demo");
    const caller = createCallerFactory(ordersRouter)(context);
    const vehiclesCaller = createCallerFactory(vehiclesRouter)(context);

    const statuses = await http.query<{
      order_statuses: { id: number; name: string; finish: boolean }[];
      budget_statuses: { id: number; finish: boolean }[];
    }>("orders.statuses");
    const defaultFilter = {
      status_id: statuses.order_statuses.filter((s) => !s.finish).map((s) => s.id),
      budget_status_id: statuses.budget_statuses.filter((s) => !s.finish).map((s) => s.id),
    };
    const repairs = statuses.order_statuses.find((s) => s.name === "En reparación")!.id;
    const [plate] = await raw<{ identifier: string }[]>`
      SELECT v.identifier FROM vehicles v WHERE v.company_id = ${companyId}
        AND EXISTS (SELECT 1 FROM orders o WHERE o.vehicle_id = v.id) ORDER BY v.id LIMIT 1 OFFSET 777`;

    const started = performance.now();
    const deep = await cursorForPage(http, "orders.list", {}, 2000);
    const deepVehicles = await cursorForPage(http, "vehicles.list", {}, 1000);
    benchLog(
      `walked to orders page ${deep.page} and vehicles page ${deepVehicles.page} through HTTP in ${benchSeconds(started)}`,
    );
    const [surname] = await raw<{ word: string }[]>`
      SELECT split_part(name, ' ', 2) AS word FROM clients WHERE company_id = ${companyId}
      GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`;
    const commonest = surname!.word.toUpperCase();
    const vehicleDefault = { status_id: [1, 2] as (1 | 2 | 3)[] };
    const [location] = await raw<
      { id: number }[]
    >`SELECT id FROM locations WHERE company_id = ${companyId} ORDER BY id LIMIT 1`;

    const cases: BenchCase[] = [
      {
        name: "first page (default filter)",
        path: "orders.list",
        input: defaultFilter,
        call: () => caller.list(defaultFilter),
      },
      {
        name: `deep page ${deep.page + 1} (keyset)`,
        path: "orders.list",
        input: { cursor: deep.cursor },
        call: () => caller.list({ cursor: deep.cursor }),
      },
      {
        name: `search plate ${plate!.identifier}`,
        path: "orders.list",
        input: { search: plate!.identifier },
        call: () => caller.list({ search: plate!.identifier }),
      },
      {
        name: "status filter (En reparación)",
        path: "orders.list",
        input: { status_id: [repairs] },
        call: () => caller.list({ status_id: [repairs] }),
      },
      {
        name: "totalsByStatus (default budgets)",
        path: "orders.totalsByStatus",
        input: { budget_status_id: defaultFilter.budget_status_id },
        call: () => caller.totalsByStatus({ budget_status_id: defaultFilter.budget_status_id }),
      },
      {
        name: "check-in ascending, all orders",
        path: "orders.list",
        input: { sort: "check_in_time", sort_direction: "asc" },
        call: () => caller.list({ sort: "check_in_time", sort_direction: "asc" }),
      },
      {
        name: `search commonest surname (${commonest})`,
        path: "orders.list",
        input: { search: commonest },
        call: () => caller.list({ search: commonest }),
      },
      {
        name: "search one letter (A)",
        path: "orders.list",
        input: { search: "a" },
        call: () => caller.list({ search: "a" }),
      },
      {
        name: "search two letters (QX)",
        path: "orders.list",
        input: { search: "qx" },
        call: () => caller.list({ search: "qx" }),
      },
      {
        name: "one location, default filter",
        path: "orders.list",
        input: { ...defaultFilter, location_ids: [location!.id] },
        call: () => caller.list({ ...defaultFilter, location_ids: [location!.id] }),
      },
      {
        name: "vehicles first page (default)",
        path: "vehicles.list",
        input: vehicleDefault,
        call: () => vehiclesCaller.list(vehicleDefault),
      },
      { name: "vehicles first page (all)", path: "vehicles.list", input: {}, call: () => vehiclesCaller.list({}) },
      {
        name: `vehicles deep page ${deepVehicles.page + 1}`,
        path: "vehicles.list",
        input: { cursor: deepVehicles.cursor },
        call: () => vehiclesCaller.list({ cursor: deepVehicles.cursor }),
      },
      {
        name: "vehicles Con orden",
        path: "vehicles.list",
        input: { status_id: [3] },
        call: () => vehiclesCaller.list({ status_id: [3] }),
      },
      {
        name: `vehicles search (${commonest})`,
        path: "vehicles.list",
        input: { search: commonest },
        call: () => vehiclesCaller.list({ search: commonest }),
      },
      {
        name: "vehicles search one letter (A)",
        path: "vehicles.list",
        input: { search: "a" },
        call: () => vehiclesCaller.list({ search: "a" }),
      },
      {
        name: "vehicles totalsByStatus",
        path: "vehicles.totalsByStatus",
        input: {},
        call: () => vehiclesCaller.totalsByStatus({}),
      },
    ];

    const results = await timeCases(cases, { http, recorder, runs: RUNS, warmup: 10 });

    console.log(`\norders: ${ORDERS} in Taller Escala; ${RUNS} runs per case; times in ms`);
    console.log(
      `targets: ratio p50 <= ${TARGET.ratio}, HTTP p95 < ${TARGET.p95Ms} ms; export < ${TARGET.exportMs} ms and < ${TARGET.exportMb} MB\n`,
    );
    printTimings(results, TARGET);

    // The export: 1000 rows, timed through HTTP; memory is the server process's peak resident set while it runs.
    const pid = present(server.pid, "the server's pid");
    const exportTimes: number[] = [];
    let peakDeltaMb = 0;
    let peakMb = 0;
    for (let i = 0; i < 6; i++) {
      const baseline = memoryOf(pid).rssMb;
      writeFileSync(`/proc/${pid}/clear_refs`, "5"); // resets the peak (VmHWM) to the current resident set
      const t = performance.now();
      const result = await http.mutation<{ rows: number; base64: string }>("orders.export", {});
      exportTimes.push(performance.now() - t);
      if (result.rows !== 1000) throw new Error(`export answered ${result.rows} rows`);
      const after = memoryOf(pid);
      peakMb = Math.max(peakMb, after.peakMb);
      peakDeltaMb = Math.max(peakDeltaMb, after.peakMb - baseline);
    }
    const exp = percentiles(exportTimes.slice(1));
    console.log(
      `\nexport 1000 rows: p50 ${exp.p50.toFixed(0)} ms, max ${exp.max.toFixed(0)} ms (first ${exportTimes[0]!.toFixed(0)} ms); ` +
        `server peak RSS ${peakMb.toFixed(0)} MB, at most ${peakDeltaMb.toFixed(1)} MB above its resident set before the call; ` +
        `${exp.max < TARGET.exportMs && peakDeltaMb < TARGET.exportMb ? "ok" : "NOT ok"}`,
    );
    await captureBus.close();
  },
);

function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

/** Follows next_cursor through HTTP up to `page` (or the last page) and returns the cursor for the page after it. */
async function cursorForPage(http: ReturnType<typeof benchHttpClient>, path: string, input: object, page: number) {
  let cursor: string | null = null;
  let reached = 0;
  for (let p = 1; p <= page; p++) {
    const answer: { next_cursor: string | null; page: number } = await http.query(path, { ...input, cursor });
    if (!answer.next_cursor) break;
    cursor = answer.next_cursor;
    reached = answer.page;
  }
  return { cursor, page: reached };
}
