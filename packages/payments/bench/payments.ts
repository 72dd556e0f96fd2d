// `pnpm bench:payments [--orders N] [--payments M] [--runs R]`: the payments list at scale, through the real HTTP
// /trpc endpoint against the same SQL replayed directly (as bench:orders does), on a fresh database.
//
// Creates a database on TEST_DATABASE_URL / DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), fills
// "Taller Escala" with N orders (default 250,000) and M payment requests (default 200,000), starts the real server,
// logs in as admin@escala.demo and times each case both ways (@taller/testing/bench). Drops the database.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { createDatabase, migrateDatabase } from "@taller/db";
import { seedDemo, seedScale, seedScalePayments } from "@taller/db/seed";
import { benchHttpClient, benchLogin, printTimings, recordingDatabase, startBenchServer, timeCases, type BenchCase } from "@taller/testing/bench";
import { createCallerFactory, createEventBus } from "@taller/trpc";
import { staffContext } from "@taller/trpc/testing";
import postgres from "postgres";
import { paymentsRouter } from "../src";

const { values: args } = parseArgs({
  options: { orders: { type: "string", default: "250000" }, payments: { type: "string", default: "200000" }, runs: { type: "string", default: "100" } },
});
const ORDERS = Number(args.orders);
const PAYMENTS = Number(args.payments);
const RUNS = Number(args.runs);
const TARGET = { ratio: 1.5, p95Ms: 50 };

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `taller_bench_payments_${process.pid}_${randomBytes(3).toString("hex")}`;
const benchUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
const log = (message: string) => console.log(`[bench] ${message}`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

let server: ChildProcess | null = null;
let raw: postgres.Sql | null = null;
try {
  await admin.unsafe(`CREATE DATABASE "${dbName}"`);
  const database = await createDatabase({ url: benchUrl, max: 4 });
  await migrateDatabase(database);
  let started = performance.now();
  await seedDemo(database.db);
  const scale = await seedScale(database.db, { orders: ORDERS, log: (m) => log(`  ${m}`) });
  log(`seeded ${ORDERS} orders in ${seconds(started)}`);
  started = performance.now();
  await seedScalePayments(database.db, { companyId: scale.companyId, count: PAYMENTS });
  log(`seeded ${PAYMENTS} payment requests in ${seconds(started)}`);
  raw = postgres(benchUrl, { max: 1, onnotice: () => {} });
  await raw.unsafe("VACUUM ANALYZE");

  const { url: baseUrl, child } = await startBenchServer(benchUrl);
  server = child;
  const http = benchHttpClient(baseUrl, await benchLogin(baseUrl, "admin@escala.demo"));
  const recorder = recordingDatabase(database, raw);
  const captureBus = createEventBus(recorder.database);
  const caller = createCallerFactory(paymentsRouter)(await staffContext(recorder.database, captureBus, "admin@escala.demo"));

  // A page deep in the list: follow the cursor 1,000 pages.
  let deep = await caller.list({});
  for (let i = 0; i < 1000 && deep.next_cursor; i++) deep = await caller.list({ cursor: deep.next_cursor });
  const deepCursor = deep.next_cursor;
  const cases: BenchCase[] = [
    { name: "payments first page (1,2)", path: "payments.list", input: { status_id: [1, 2] }, call: () => caller.list({ status_id: [1, 2] }) },
    { name: "payments Pendiente only", path: "payments.list", input: { status_id: [1] }, call: () => caller.list({ status_id: [1] }) },
    { name: `payments deep page ${deep.page + 1}`, path: "payments.list", input: { cursor: deepCursor }, call: () => caller.list({ cursor: deepCursor }) },
    { name: "payments search (GONZ)", path: "payments.list", input: { search: "gonz" }, call: () => caller.list({ search: "gonz" }) },
    { name: "payments search one letter (A)", path: "payments.list", input: { search: "a" }, call: () => caller.list({ search: "a" }) },
    { name: "payments search #correlative", path: "payments.list", input: { search: "#12345" }, call: () => caller.list({ search: "#12345" }) },
    { name: "payments totalsByStatus", path: "payments.totalsByStatus", input: {}, call: () => caller.totalsByStatus({}) },
  ];
  const results = await timeCases(cases, { http, recorder, runs: RUNS });
  console.log(`\npayments: ${PAYMENTS} requests in Taller Escala; ${RUNS} runs per case; times in ms`);
  console.log(`targets: ratio p50 <= ${TARGET.ratio}, HTTP p95 < ${TARGET.p95Ms} ms\n`);
  printTimings(results, TARGET);
  await captureBus.close();
  await database.close();
} finally {
  server?.kill("SIGTERM");
  await raw?.end({ timeout: 5 });
  await admin.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
  log(`dropped ${dbName}`);
}
