// `pnpm bench:analytics [--orders N] [--runs R] [--keep] [--reuse URL]`: the dashboard at scale, through the real HTTP
// /trpc endpoint and as its recorded SQL replayed directly (as bench:orders does), against a scan of the same orders
// computing the same order figures (counts, average and exact 90th percentile), in the same run.
//
// Creates a database on TEST_DATABASE_URL / DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), fills
// "Taller Escala" with N orders (default 1,000,000) over five years (the aggregates are kept by the triggers as the
// generator inserts), starts the real server, logs in as admin@escala.demo and times each range. Drops the database
// unless --keep (its URL is logged); --reuse URL times a kept database again.
import { addDays, todayIn } from "@taller/core";
import {
  benchHttpClient,
  benchLog,
  benchLogin,
  percentiles,
  printTimings,
  recordingDatabase,
  runScaleBench,
  timeCases,
  type BenchCase,
  scaleBenchArgs,
} from "@taller/testing/bench";
import { createCallerFactory, createEventBus } from "@taller/trpc";
import { staffContext } from "@taller/trpc/testing";
import { analyticsRouter } from "../src";

const args = scaleBenchArgs({ orders: 1_000_000 }, 50);
const ORDERS = args.sizes.orders;
const RUNS = args.runs;
// The bar: p95 under 200 ms on the server; the ratio is what HTTP and tRPC add to the SQL.
const TARGET = { ratio: 1.5, p95Ms: 200 };

await runScaleBench(
  "analytics",
  { orders: ORDERS, keep: args.keep, reuse: args.reuse },
  async ({ raw, database, companyId, baseUrl }) => {
    const http = benchHttpClient(baseUrl, await benchLogin(baseUrl, "admin@escala.demo"));
    const recorder = recordingDatabase(database, raw);
    const captureBus = createEventBus(recorder.database);
    const caller = createCallerFactory(analyticsRouter)(
      await staffContext(recorder.database, captureBus, "admin@escala.demo"),
    );
    const today = todayIn();
    const ranges = [
      { name: "5 years", from: addDays(today, -(5 * 365 + 1)), to: today },
      { name: "1 year", from: addDays(today, -364), to: today },
      { name: "30 days", from: addDays(today, -29), to: today },
    ];
    const cases: BenchCase[] = ranges.map((r) => {
      const input = { from: r.from, to: r.to, location_ids: null, compare: true };
      return {
        name: `dashboard ${r.name} + previous`,
        path: "analytics.dashboard",
        input,
        call: () => caller.dashboard(input),
      };
    });
    const results = await timeCases(cases, { http, recorder, runs: RUNS });
    console.log(`\nanalytics: ${ORDERS} orders in Taller Escala; ${RUNS} runs per case; times in ms`);
    console.log(`targets: ratio p50 <= ${TARGET.ratio}, HTTP p95 < ${TARGET.p95Ms} ms\n`);
    printTimings(results, TARGET);

    // The same order figures by scanning the orders of the range (what the aggregates spare), once per run.
    console.log("\nscan of the orders for the same figures (received, finished, delivered, average and exact p90):");
    console.log(
      ["range".padEnd(10), "scan p50", "scan p95", "dashboard HTTP p95", "faster", "received agree"].join("  "),
    );
    for (const [i, r] of ranges.entries()) {
      const scan = () =>
        raw.unsafe(
          `WITH o AS (SELECT * FROM orders WHERE company_id = $1)
         SELECT (SELECT count(*) FROM o WHERE analytics_day(check_in_time) BETWEEN $2::date AND $3::date)::int AS received,
                (SELECT count(*) FROM o WHERE analytics_day(completed_at) BETWEEN $2::date AND $3::date)::int AS finished,
                (SELECT count(*) FROM o WHERE cancel_reason IS NULL AND analytics_day(ended_at) BETWEEN $2::date AND $3::date)::int AS delivered,
                (SELECT avg(extract(epoch FROM completed_at - check_in_time) / 3600)::float8 FROM o
                  WHERE analytics_day(completed_at) BETWEEN $2::date AND $3::date) AS finish_avg_hours,
                (SELECT percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM completed_at - check_in_time) / 3600)::float8
                   FROM o WHERE analytics_day(completed_at) BETWEEN $2::date AND $3::date) AS finish_p90_hours`,
          [companyId, r.from, r.to],
        );
      await scan();
      const samples: number[] = [];
      let scanned: { received: number }[] = [];
      for (let run = 0; run < Math.min(RUNS, 10); run++) {
        const t = performance.now();
        scanned = (await scan()) as unknown as { received: number }[];
        samples.push(performance.now() - t);
      }
      const s = percentiles(samples);
      const dashboardP95 = results[i]?.http.p95 ?? Number.NaN;
      const answer = await caller.dashboard({ from: r.from, to: r.to, location_ids: null, compare: false });
      console.log(
        [
          r.name.padEnd(10),
          s.p50.toFixed(2).padStart(8),
          s.p95.toFixed(2).padStart(8),
          dashboardP95.toFixed(2).padStart(18),
          `${(s.p50 / dashboardP95).toFixed(1)}x`.padStart(6),
          answer.totals.orders.received === scanned[0]?.received ? "yes" : "NO",
        ].join("  "),
      );
    }
    benchLog("the scan runs at most 10 times per range (seconds each at a million orders)");
    await captureBus.close();
  },
);
