// What the bench scripts (`pnpm bench:orders`, `bench:crm`, `bench:payments`, `bench:booking`) share: the list
// benches' database-and-server frame, the real server on a free port, a staff login and a light tRPC client over
// HTTP, the recorded SQL of a call, and percentiles. Kept apart from index.ts, which is vitest's side.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Agent, request } from "node:http";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  BENCH_SERVER_URL,
  createDatabase,
  migrateDatabase,
  schema,
  withBenchDatabase,
  type Database,
  type Db,
} from "@taller/db";
import { DEMO_PASSWORD, SCALE_COMPANY, seedDemo, seedScale } from "@taller/db/seed";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../../apps/server");

export const benchLog = (message: string) => console.log(`[bench] ${message}`);
/** Seconds since a `performance.now()` reading, for the bench's log. */
export const benchSeconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * A scale bench's command line: its sizes (`--orders 100000`, `--crms 5000`…, each defaulting to the value given),
 * `--runs`, and `--keep` / `--reuse URL` as `runScaleBench` takes them.
 */
export function scaleBenchArgs<K extends string>(sizes: Record<K, number>, runs: number) {
  const names = Object.keys(sizes) as K[];
  const { values } = parseArgs({
    options: {
      ...Object.fromEntries(names.map((k) => [k, { type: "string" as const, default: String(sizes[k]) }])),
      runs: { type: "string", default: String(runs) },
      keep: { type: "boolean", default: false },
      reuse: { type: "string" },
    },
  });
  const text = values as Record<string, string | boolean | undefined>;
  return {
    sizes: Object.fromEntries(names.map((k) => [k, Number(text[k])])) as Record<K, number>,
    runs: Number(text.runs),
    keep: text.keep === true,
    reuse: typeof text.reuse === "string" ? text.reuse : undefined,
  };
}

/**
 * A scale bench's database (withBenchDatabase, on BENCH_SERVER_URL's server): a new one gets the demo and "Taller
 * Escala" with `orders` orders, analyzed; `url` reuses one the scale generator filled (`pnpm db:seed --orders N`).
 */
export function withScaleDatabase<T>(
  opts: { kind: string; url?: string; orders: number },
  body: (database: Database) => Promise<T>,
): Promise<T> {
  return withBenchDatabase({ kind: opts.kind, url: opts.url, serverUrl: BENCH_SERVER_URL }, async (database, fresh) => {
    if (fresh) {
      await seedDemo(database.db);
      await seedScale(database.db, { orders: opts.orders, log: (m) => console.log(`  ${m}`) });
      await database.db.execute(sql`VACUUM ANALYZE`);
    }
    return body(database);
  });
}

export interface ScaleBench {
  database: Database;
  /** A plain postgres.js connection to the bench's database (the SQL side of the comparison). */
  raw: postgres.Sql;
  /** Taller Escala, the scale company (login admin@escala.demo). */
  companyId: number;
  /** The real server on the bench's database. */
  baseUrl: string;
  server: ChildProcess;
}

/**
 * The frame of the list benches (orders, crm, payments): a database of their own on TEST_DATABASE_URL / DATABASE_URL
 * (default the local server), migrated; the demo and `orders` orders in "Taller Escala"; whatever `seed` adds; VACUUM
 * ANALYZE (index-only scans need the visibility map a fresh bulk load lacks); the real server on it. `body` times the
 * cases; the server and the connections are gone afterwards, whatever happened, and so is the database unless `keep`
 * (then its URL is logged, to EXPLAIN the slow cases on the same data; drop it by hand). `reuse` (a kept database's
 * URL) times the cases again on it, migrated to the current schema, without seeding, and keeps it.
 */
export async function runScaleBench(
  name: string,
  opts: { orders: number; seed?: (db: Db, companyId: number) => Promise<void>; keep?: boolean; reuse?: string },
  body: (bench: ScaleBench) => Promise<void>,
): Promise<void> {
  const serverUrl = BENCH_SERVER_URL;
  const dbName = opts.reuse
    ? new URL(opts.reuse).pathname.slice(1)
    : `taller_bench_${name}_${process.pid}_${randomBytes(3).toString("hex")}`;
  const url = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
  const keep = opts.keep || Boolean(opts.reuse);
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  let server: ChildProcess | null = null;
  let raw: postgres.Sql | null = null;
  let database: Database | null = null;
  try {
    if (!opts.reuse) await admin.unsafe(`CREATE DATABASE "${dbName}"`);
    benchLog(`database ${dbName}`);
    database = await createDatabase({ url, max: 4 });
    await migrateDatabase(database);
    let started = performance.now();
    let companyId: number;
    if (opts.reuse) {
      const [scale] = await database.db
        .select({ id: schema.companies.id })
        .from(schema.companies)
        .where(eq(schema.companies.domain, SCALE_COMPANY.domain));
      if (!scale) throw new Error(`no ${SCALE_COMPANY.name} in ${dbName}`);
      companyId = scale.id;
    } else {
      await seedDemo(database.db);
      companyId = (await seedScale(database.db, { orders: opts.orders, log: (m) => benchLog(`  ${m}`) })).companyId;
      benchLog(`seeded ${opts.orders} orders in Taller Escala in ${benchSeconds(started)}`);
      if (opts.seed) {
        started = performance.now();
        await opts.seed(database.db, companyId);
        benchLog(`seeded the bench's own data in ${benchSeconds(started)}`);
      }
    }
    raw = postgres(url, { max: 1, onnotice: () => {} });
    started = performance.now();
    await raw.unsafe("VACUUM ANALYZE");
    benchLog(`vacuum analyze in ${benchSeconds(started)}`);
    const running = await startBenchServer(url);
    server = running.child;
    await body({ database, raw, companyId, baseUrl: running.url, server });
  } finally {
    server?.kill("SIGTERM");
    await raw?.end({ timeout: 5 });
    await database?.close();
    if (keep) benchLog(`kept ${url}`);
    else {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      benchLog(`dropped ${dbName}`);
    }
    await admin.end();
  }
}

/** apps/server (through tsx, production mode, no demo seeding) on a free port of 127.0.0.1, against `databaseUrl`. */
export function startBenchServer(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/index.ts"], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: "0",
      HOST: "127.0.0.1",
      SEED_DEMO: "never",
      LOG_LEVEL: "info",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolvePromise, reject) => {
    let buffered = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      for (const line of buffered.split("\n")) {
        const port = /"port":(\d+)/.exec(line)?.[1];
        if (port && line.includes("listening")) resolvePromise({ url: `http://127.0.0.1:${port}`, child });
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** Logs a demo user in through auth.login; answers the Cookie header its requests carry. */
export async function benchLogin(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/trpc/auth.login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-trpc-source": "bench" },
    body: JSON.stringify({ json: { email, password: DEMO_PASSWORD } }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** p50, p95 and the largest of some timings (ms). */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

/** tRPC over plain node:http with a keep-alive agent: the lightest honest client, so timings show the server. */
export function benchHttpClient(baseUrl: string, cookie: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = <T>(method: "GET" | "POST", path: string, body?: string) =>
    new Promise<T>((resolvePromise, reject) => {
      const headers: Record<string, string> = { cookie };
      if (body !== undefined)
        Object.assign(headers, {
          "content-type": "application/json",
          "x-trpc-source": "bench",
          "content-length": String(Buffer.byteLength(body)),
        });
      const req = request(`${baseUrl}${path}`, { method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
            result?: { data: { json: T } };
            error?: unknown;
          };
          if (res.statusCode !== 200 || !parsed.result)
            reject(new Error(`HTTP ${res.statusCode}: ${JSON.stringify(parsed.error)}`));
          else resolvePromise(parsed.result.data.json);
        });
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(body);
    });
  return {
    query: <T>(path: string, input?: unknown) =>
      send<T>(
        "GET",
        `/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`,
      ),
    mutation: <T>(path: string, input: unknown) => send<T>("POST", `/trpc/${path}`, JSON.stringify({ json: input })),
  };
}

export interface RecordedStatement {
  query: string;
  params: unknown[];
  prepare: boolean;
}

/**
 * `database` with its db sending through `raw` and recording every statement, with its parameters and whether it
 * was prepared: a bench calls a procedure in-process once and replays exactly its SQL beside the HTTP timing.
 */
export function recordingDatabase<D extends { db: Db }>(database: D, raw: postgres.Sql) {
  const captured: RecordedStatement[] = [];
  const recording = new Proxy(raw, {
    get(target, prop, receiver) {
      if (prop !== "unsafe") return Reflect.get(target, prop, receiver);
      return (query: string, params: unknown[] = [], options: { prepare?: boolean } = {}) => {
        captured.push({ query, params, prepare: options.prepare ?? false });
        return target.unsafe(query, params as postgres.ParameterOrJSON<never>[], options);
      };
    },
  });
  return {
    database: { ...database, db: drizzle(recording, { schema }) as unknown as Db },
    /** The statements one call sends. */
    async statementsOf(call: () => Promise<unknown>): Promise<RecordedStatement[]> {
      captured.length = 0;
      await call();
      return [...captured];
    },
    async replay(statements: readonly RecordedStatement[]) {
      for (const s of statements)
        await raw.unsafe(s.query, s.params as postgres.ParameterOrJSON<never>[], { prepare: s.prepare });
    },
  };
}

/** One bench case: a procedure over HTTP (`path`, `input`) and the same call in-process, whose SQL is replayed. */
export interface BenchCase {
  name: string;
  path: string;
  input: unknown;
  call: () => Promise<unknown>;
}

/**
 * Times each case `runs` times over HTTP and as its recorded SQL replayed directly, alternating the two so background
 * load weighs on both alike (after `warmup` rounds of each). Answers the percentiles per case.
 */
export async function timeCases(
  cases: readonly BenchCase[],
  opts: {
    http: { query(path: string, input: unknown): Promise<unknown> };
    recorder: Pick<ReturnType<typeof recordingDatabase>, "statementsOf" | "replay">;
    runs: number;
    warmup?: number;
  },
) {
  const results = [];
  for (const c of cases) {
    const statements = await opts.recorder.statementsOf(c.call);
    const replay = () => opts.recorder.replay(statements);
    for (let i = 0; i < (opts.warmup ?? 5); i++) {
      await opts.http.query(c.path, c.input);
      await replay();
    }
    const viaHttp: number[] = [];
    const viaSql: number[] = [];
    for (let i = 0; i < opts.runs; i++) {
      let t = performance.now();
      await opts.http.query(c.path, c.input);
      viaHttp.push(performance.now() - t);
      t = performance.now();
      await replay();
      viaSql.push(performance.now() - t);
    }
    results.push({ name: c.name, statements: statements.length, http: percentiles(viaHttp), sql: percentiles(viaSql) });
  }
  return results;
}

/** The timings as a table: HTTP and SQL percentiles, their ratio, what HTTP adds, and whether the targets hold. */
export function printTimings(results: Awaited<ReturnType<typeof timeCases>>, target: { ratio: number; p95Ms: number }) {
  console.log(
    [
      "case".padEnd(36),
      "stmts",
      "HTTP p50",
      "HTTP p95",
      "SQL p50",
      "SQL p95",
      "ratio p50",
      "ratio p95",
      "added p50",
      "ok",
    ].join("  "),
  );
  for (const r of results) {
    const ratio50 = r.http.p50 / r.sql.p50;
    const ratio95 = r.http.p95 / r.sql.p95;
    const ok = ratio50 <= target.ratio && r.http.p95 < target.p95Ms;
    console.log(
      [
        r.name.padEnd(36),
        String(r.statements).padStart(5),
        ...[r.http.p50, r.http.p95, r.sql.p50, r.sql.p95].map((v) => v.toFixed(2).padStart(8)),
        ratio50.toFixed(2).padStart(9),
        ratio95.toFixed(2).padStart(9),
        // What HTTP, tRPC and serialization add to the SQL, in ms.
        (r.http.p50 - r.sql.p50).toFixed(2).padStart(9),
        ok ? "yes" : "NO",
      ].join("  "),
    );
  }
}
