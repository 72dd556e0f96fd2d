// `pnpm bench:payments [--orders N] [--payments M] [--runs R] [--keep] [--reuse URL]`: the payments list at scale,
// through the real HTTP /trpc endpoint against the same SQL replayed directly (as bench:orders does), on a fresh
// database.
//
// Creates a database on TEST_DATABASE_URL / DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), fills
// "Taller Escala" with N orders (default 250,000) and M payment requests (default 200,000), starts the real server,
// logs in as admin@escala.demo and times each case both ways (@taller/testing/bench). Drops the database unless
// --keep (its URL is logged); --reuse URL times a kept database again, migrated, without seeding.
import { seedScalePayments } from "@taller/db/seed";
import {
  benchHttpClient,
  benchLogin,
  printTimings,
  recordingDatabase,
  runScaleBench,
  timeCases,
  type BenchCase,
  scaleBenchArgs,
} from "@taller/testing/bench";
import { createCallerFactory, createEventBus } from "@taller/trpc";
import { staffContext } from "@taller/trpc/testing";
import { paymentsRouter } from "../src";

const args = scaleBenchArgs({ orders: 250_000, payments: 200_000 }, 100);
const { orders: ORDERS, payments: PAYMENTS } = args.sizes;
const RUNS = args.runs;
const TARGET = { ratio: 1.5, p95Ms: 50 };

await runScaleBench(
  "payments",
  {
    orders: ORDERS,
    keep: args.keep,
    reuse: args.reuse,
    seed: (db, companyId) => seedScalePayments(db, { companyId, count: PAYMENTS }),
  },
  async ({ database, raw, baseUrl }) => {
    const http = benchHttpClient(baseUrl, await benchLogin(baseUrl, "admin@escala.demo"));
    const recorder = recordingDatabase(database, raw);
    const captureBus = createEventBus(recorder.database);
    const caller = createCallerFactory(paymentsRouter)(
      await staffContext(recorder.database, captureBus, "admin@escala.demo"),
    );

    // A page deep in the list: follow the cursor 1,000 pages.
    let deep = await caller.list({});
    for (let i = 0; i < 1000 && deep.next_cursor; i++) deep = await caller.list({ cursor: deep.next_cursor });
    const deepCursor = deep.next_cursor;
    const cases: BenchCase[] = [
      {
        name: "payments first page (1,2)",
        path: "payments.list",
        input: { status_id: [1, 2] },
        call: () => caller.list({ status_id: [1, 2] }),
      },
      {
        name: "payments Pendiente only",
        path: "payments.list",
        input: { status_id: [1] },
        call: () => caller.list({ status_id: [1] }),
      },
      {
        name: `payments deep page ${deep.page + 1}`,
        path: "payments.list",
        input: { cursor: deepCursor },
        call: () => caller.list({ cursor: deepCursor }),
      },
      {
        name: "payments search (GONZ)",
        path: "payments.list",
        input: { search: "gonz" },
        call: () => caller.list({ search: "gonz" }),
      },
      {
        name: "payments search one letter (A)",
        path: "payments.list",
        input: { search: "a" },
        call: () => caller.list({ search: "a" }),
      },
      {
        name: "payments search #correlative",
        path: "payments.list",
        input: { search: "#12345" },
        call: () => caller.list({ search: "#12345" }),
      },
      {
        name: "payments totalsByStatus",
        path: "payments.totalsByStatus",
        input: {},
        call: () => caller.totalsByStatus({}),
      },
    ];
    const results = await timeCases(cases, { http, recorder, runs: RUNS });
    console.log(`\npayments: ${PAYMENTS} requests in Taller Escala; ${RUNS} runs per case; times in ms`);
    console.log(`targets: ratio p50 <= ${TARGET.ratio}, HTTP p95 < ${TARGET.p95Ms} ms\n`);
    printTimings(results, TARGET);
    await captureBus.close();
  },
);
