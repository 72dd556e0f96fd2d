// `pnpm bench:http [--orders N] [--requests R]`: what tRPC costs over a bare HTTP handler, measured fairly.
//
// On a fresh PostgreSQL database (TEST_DATABASE_URL / DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres) with the demo and N orders (default 100,000) in "Taller Escala", one
// process serves the orders list's first page two ways on one connection pool: through the real app at /trpc (session
// cookie, context, middlewares, procedure,
// transformer, adapter), and through a bare node:http handler that runs the very SQL statements the /trpc request
// ran (recorded at the pool) and writes the same bytes (checked before timing). A worker thread sends R requests
// (default 3,000) with 1 and then 32 concurrent keep-alive clients, alternating the two servers, and the ratios
// /trpc ÷ bare of p50, p99 and throughput are printed. The database is dropped at the end. With `--profile PREFIX`
// the servers' thread is CPU-profiled during the timed 32-client runs: PREFIX.trpc.cpuprofile and
// PREFIX.bare.cpuprofile (open them in Chrome DevTools or VS Code). Both also write PREFIX.*.heapprofile (allocation
// samples, collected objects included: what feeds the GC).
//
// Where /trpc's extra CPU went at 32 clients (profiles, November 2026): the session cache's expiry every 10 s made
// every in-flight request of the session revalidate at once (lucia's session query and loadSessionUser through
// drizzle's query builder: 3-4% of the samples, and their GC); concurrent misses now share one validation
// (packages/auth/src/session.ts). What remains is mostly allocation, ~95 KB more per request than the baseline
// (GC 11% of the samples against 4%): the list rows reshaped into the answer's nested objects (loadListRows, ~17 KB),
// tRPC's per-layer copies of options and context (callRecursive and _objectSpread2, ~13 KB), the staff context.
import { randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { createServer, request, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { BENCH_SERVER_URL, createDatabase, migrateDatabase } from "@taller/db";
import { DEMO_PASSWORD, seedDemo, seedScale } from "@taller/db/seed";
import { busReady, createEventBus } from "@taller/trpc";
import postgres from "postgres";
import { createApp } from "../src/app";
import { createDiskFileStore } from "../src/files/store";
import { createLogger } from "../src/logger";
import { profiled } from "./profile";

const { values: args } = parseArgs({
  options: {
    orders: { type: "string", default: "100000" },
    requests: { type: "string", default: "3000" },
    profile: { type: "string" },
  },
});
const ORDERS = Number(args.orders);
const REQUESTS = Number(args.requests);
const CONCURRENCY = [1, 32];
const TARGET = { p50: 1.25, p99: 1.5 };
/** The kernel's clock ticks per second, the unit of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const serverUrl = BENCH_SERVER_URL;
const dbName = `taller_bench_http_${process.pid}_${randomBytes(3).toString("hex")}`;
const benchUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
const log = (message: string) => console.log(`[bench] ${message}`);

interface Statement {
  query: string;
  params: unknown[];
  options: unknown;
}

await admin.unsafe(`CREATE DATABASE "${dbName}"`);
try {
  const database = await createDatabase({ url: benchUrl, max: 10 });
  await migrateDatabase(database);
  await seedDemo(database.db);
  await seedScale(database.db, { orders: ORDERS });
  await database.db.execute("VACUUM ANALYZE");
  log(`seeded ${ORDERS} orders in Taller Escala`);

  // The app's pool; every statement drizzle sends goes through its `unsafe`, which records while asked to.
  const pool = (database.db as unknown as { $client: postgres.Sql }).$client;
  const send = pool.unsafe.bind(pool);
  let recording: Statement[] | null = null;
  pool.unsafe = ((query: string, params: unknown[] = [], options?: unknown) => {
    recording?.push({ query, params, options });
    return send(query, params as postgres.ParameterOrJSON<never>[], options as postgres.UnsafeQueryOptions);
  }) as typeof pool.unsafe;

  const bus = createEventBus(database);
  await busReady(bus);
  const app = createApp({
    database,
    bus,
    logger: createLogger("silent"),
    webDist: "/nonexistent",
    trustProxy: 0,
    version: "bench",
    files: createDiskFileStore(await mkdtemp(join(tmpdir(), "taller-bench-"))),
  });
  const appPort = await app.listen(0, "127.0.0.1");

  const login = await fetch(`http://127.0.0.1:${appPort}/trpc/auth.login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-trpc-source": "bench" },
    body: JSON.stringify({ json: { email: "admin@escala.demo", password: DEMO_PASSWORD } }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  // The first page as the browser asks for it: a batched GET.
  const listPath = `/trpc/orders.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: {} } }))}`;
  const trpcUrl = `http://127.0.0.1:${appPort}${listPath}`;
  await get(trpcUrl, cookie); // validates and caches the session, as any busy screen has it

  recording = [];
  const { body: trpcBody, headers: trpcHeaders } = await get(trpcUrl, cookie);
  const statements = recording;
  recording = null;
  log(`/trpc ran ${statements.length} statements for the first page`);

  // The baseline: the same statements on the same pool, then the same answer, serialized as any handler would.
  const answer: unknown = JSON.parse(trpcBody.toString("utf8"));
  const bare = createServer((_req, res) => {
    void (async () => {
      for (const s of statements)
        await send(s.query, s.params as postgres.ParameterOrJSON<never>[], s.options as postgres.UnsafeQueryOptions);
      const body = JSON.stringify(answer);
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    })();
  });
  await new Promise<void>((r) => bare.listen(0, "127.0.0.1", () => r()));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/orders`;
  const { body: bareBody } = await get(bareUrl, "");
  if (!bareBody.equals(trpcBody)) throw new Error("the bare handler's answer differs from /trpc's");
  log(
    `answers are byte-identical (${trpcBody.length} bytes, /trpc content-type ${trpcHeaders["content-type"] ?? "none"})`,
  );

  const rows: string[] = [];
  for (const clients of CONCURRENCY) {
    const runs = { trpc: [] as Run[], bare: [] as Run[] };
    // Warm both, then alternate halves so background load weighs on both alike.
    await load(trpcUrl, cookie, clients, 200);
    await load(bareUrl, "", clients, 200);
    for (let round = 0; round < 2; round++) {
      // The second round at the most clients only: by then the JIT has settled.
      const prefix = clients === Math.max(...CONCURRENCY) && round === 1 ? args.profile : undefined;
      runs.trpc.push(await profiled(prefix, "trpc", () => load(trpcUrl, cookie, clients, REQUESTS / 2)));
      runs.bare.push(await profiled(prefix, "bare", () => load(bareUrl, "", clients, REQUESTS / 2)));
    }
    const t = summary(runs.trpc);
    const b = summary(runs.bare);
    const r50 = t.p50 / b.p50;
    const r99 = t.p99 / b.p99;
    rows.push(
      [
        String(clients).padStart(7),
        ...[t.p50, t.p99, b.p50, b.p99].map((v) => v.toFixed(2).padStart(8)),
        ...[t.rps, b.rps].map((v) => v.toFixed(0).padStart(7)),
        ...[t.busyUs, b.busyUs, t.cpuUs, b.cpuUs].map((v) => (Number.isNaN(v) ? "-" : v.toFixed(0)).padStart(7)),
        r50.toFixed(2).padStart(6),
        r99.toFixed(2).padStart(6),
        (t.rps / b.rps).toFixed(2).padStart(6),
        r50 <= TARGET.p50 && r99 <= TARGET.p99 ? "yes" : "NO",
      ].join("  "),
    );
  }
  console.log(
    `\norders list, first page (${trpcBody.length} bytes); ${REQUESTS} requests per server and concurrency; ms and requests/s`,
  );
  console.log(
    `targets: /trpc ÷ bare <= ${TARGET.p50} at p50 and <= ${TARGET.p99} at p99; per request, µs: the servers' thread busy (event loop utilisation) and its CPU time (Linux)\n`,
  );
  console.log(
    [
      "clients",
      "trpc p50",
      "trpc p99",
      "bare p50",
      "bare p99",
      "trpc/s",
      "bare/s",
      "trpc µs",
      "bare µs",
      "trpc cpu",
      "bare cpu",
      "×p50",
      "×p99",
      "×rps",
      "ok",
    ].join("  "),
  );
  for (const row of rows) console.log(row);

  await new Promise((r) => bare.close(r));
  await app.close();
  await bus.close();
  await database.close();
} finally {
  await admin.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
  log(`dropped ${dbName}`);
}

function get(url: string, cookie: string): Promise<{ body: Buffer; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        res.statusCode === 200
          ? resolve({ body: Buffer.concat(chunks), headers: res.headers })
          : reject(new Error(`HTTP ${res.statusCode} from ${url}`)),
      );
    })
      .on("error", reject)
      .end();
  });
}

interface Run {
  latencies: Float64Array;
  elapsedMs: number;
  failed: number;
  /** Time the servers' event loop was busy during the run. */
  busyMs: number;
  /** CPU time of the servers' thread during the run (NaN where /proc cannot tell). */
  cpuMs: number;
}

/**
 * One load run. Besides latencies, the servers' thread's busy time (event loop utilisation) and CPU time: on a
 * shared machine, CPU per request says what each server costs even when other processes stretch the latencies.
 */
function load(url: string, cookie: string, clients: number, requests: number): Promise<Run> {
  const worker = new Worker(new URL("./load-worker.mjs", import.meta.url), {
    workerData: { url, headers: { cookie }, clients, requests },
  });
  const before = performance.eventLoopUtilization();
  const cpuBefore = threadCpuMs();
  return new Promise((resolve, reject) => {
    worker.once("message", (run: Omit<Run, "busyMs" | "cpuMs">) => {
      const busyMs = performance.eventLoopUtilization(before).active;
      const cpuMs = threadCpuMs() - cpuBefore;
      if (run.failed > 0) reject(new Error(`${run.failed} requests failed on ${url}`));
      else resolve({ ...run, busyMs, cpuMs });
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

function summary(runs: Run[]) {
  const all = runs.flatMap((r) => [...r.latencies]).sort((a, b) => a - b);
  const at = (q: number) => all[Math.min(all.length - 1, Math.floor(q * all.length))]!;
  const seconds = runs.reduce((s, r) => s + r.elapsedMs, 0) / 1000;
  const busyUs = (runs.reduce((s, r) => s + r.busyMs, 0) * 1000) / all.length;
  const cpuUs = (runs.reduce((s, r) => s + r.cpuMs, 0) * 1000) / all.length;
  return { p50: at(0.5), p99: at(0.99), rps: all.length / seconds, busyUs, cpuUs };
}

/**
 * CPU time (user + system) of this process's main thread, the servers' thread, in ms; NaN off Linux. Unlike the
 * event loop's busy time it does not grow while other processes hold the CPU, so it is the figure to compare on a
 * shared machine. (The load generator is a worker thread of this process: process.cpuUsage() would count it too.
 * V8's helper threads are not counted either: the part of garbage collection they do is left out for both.)
 */
function threadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    // Fields after the command's closing parenthesis start at field 3 (state); utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
