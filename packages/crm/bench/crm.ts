// `pnpm bench:crm [--orders N] [--crms M] [--runs R] [--keep] [--reuse URL]`: the CRM lists and KPI strips at scale,
// through the real HTTP /trpc endpoint against the same SQL run directly (as bench:orders does), on a fresh database.
//
// Creates a database on TEST_DATABASE_URL / DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), fills
// "Taller Escala" with N orders (default 1,000,000, which brings 100,000 clients) and M managements (default
// 200,000), starts the real server, logs in as admin@escala.demo and times each case both ways: over HTTP, and the
// SQL statements the procedure issued (recorded at the postgres.js client) replayed directly. Drops the database unless
// --keep (its URL is logged); --reuse URL times a kept database again, migrated, without seeding.
import { seedScaleCrm } from "@taller/db/seed";
import { createCallerFactory, createEventBus } from "@taller/trpc";
import {
  benchHttpClient,
  benchLog,
  benchLogin,
  recordingDatabase,
  runScaleBench,
  timeCases,
  type BenchCase,
  scaleBenchArgs,
} from "@taller/testing/bench";
import { staffContext } from "@taller/trpc/testing";
import { crmRouter } from "../src";

const args = scaleBenchArgs({ orders: 1_000_000, crms: 200_000 }, 100);
const { orders: ORDERS, crms: CRMS } = args.sizes;
const RUNS = args.runs;
const TARGET_P95_MS = 50;

await runScaleBench(
  "crm",
  {
    orders: ORDERS,
    keep: args.keep,
    reuse: args.reuse,
    seed: (db, companyId) => seedScaleCrm(db, { companyId, count: CRMS }),
  },
  async ({ database, raw, baseUrl, companyId }) => {
    const [counts] = await raw<{ crms: number; clients: number }[]>`
      SELECT (SELECT count(*)::int FROM crms WHERE company_id = ${companyId}) AS crms,
             (SELECT count(*)::int FROM clients WHERE company_id = ${companyId}) AS clients`;
    benchLog(`Taller Escala: ${counts?.crms} managements, ${counts?.clients} clients`);

    const http = benchHttpClient(baseUrl, await benchLogin(baseUrl, "admin@escala.demo"));

    // The procedures called in-process through a client that records their SQL, which the SQL side replays.
    const recorder = recordingDatabase(database, raw);
    const captureBus = createEventBus(recorder.database);
    const caller = createCallerFactory(crmRouter)(
      await staffContext(recorder.database, captureBus, "admin@escala.demo"),
    );

    const [location] = await raw<
      { id: number }[]
    >`SELECT id FROM locations WHERE company_id = ${companyId} ORDER BY id LIMIT 1`;
    const one = { location_ids: [location?.id ?? 0] };
    const cases: BenchCase[] = [
      { name: "retentions first page", path: "crm.retentions", input: {}, call: () => caller.retentions({}) },
      { name: "absences first page", path: "crm.absences", input: {}, call: () => caller.absences({}) },
      {
        name: "absences this year, 2 boxes",
        path: "crm.absences",
        input: { date_range: "this_year", status: ["initial", "failed"] },
        call: () => caller.absences({ date_range: "this_year", status: ["initial", "failed"] }),
      },
      { name: "absences one location", path: "crm.absences", input: one, call: () => caller.absences(one) },
      {
        name: "absences search (GONZ)",
        path: "crm.absences",
        input: { search: "gonz" },
        call: () => caller.absences({ search: "gonz" }),
      },
      {
        name: "retentions KPIs (all time)",
        path: "crm.kpis",
        input: { kind: "retention" },
        call: () => caller.kpis({ kind: "retention" }),
      },
      {
        name: "absences KPIs (all time)",
        path: "crm.kpis",
        input: { kind: "absence" },
        call: () => caller.kpis({ kind: "absence" }),
      },
      {
        name: "absences KPIs (last month)",
        path: "crm.kpis",
        input: { kind: "absence", date_range: "last_month" },
        call: () => caller.kpis({ kind: "absence", date_range: "last_month" }),
      },
      { name: "clients first page (25)", path: "crm.clients", input: {}, call: () => caller.clients({}) },
      {
        name: "clients rating 5, search (ANA)",
        path: "crm.clients",
        input: { rating: [5], search: "ana" },
        call: () => caller.clients({ rating: [5], search: "ana" }),
      },
    ];

    console.log(
      `\n${counts?.crms} managements, ${counts?.clients} clients; ${RUNS} runs per case; ms; target HTTP p95 < ${TARGET_P95_MS}\n`,
    );
    console.log(["case".padEnd(34), "HTTP p50", "HTTP p95", "SQL p50", "SQL p95", "ok"].join("  "));
    for (const r of await timeCases(cases, { http, recorder, runs: RUNS })) {
      console.log(
        [
          r.name.padEnd(34),
          ...[r.http.p50, r.http.p95, r.sql.p50, r.sql.p95].map((v) => v.toFixed(2).padStart(8)),
          r.http.p95 < TARGET_P95_MS ? "yes" : "NO",
        ].join("  "),
      );
    }
    await captureBus.close();
  },
);
