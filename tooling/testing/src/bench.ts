// What the bench scripts (`pnpm bench:orders`, `pnpm bench:crm`, `pnpm bench:booking`) share: the real server on a
// free port, a staff login and a light tRPC client over HTTP, the recorded SQL of a call, and percentiles. Kept apart
// from index.ts, which is vitest's side.
import { spawn, type ChildProcess } from "node:child_process";
import { Agent, request } from "node:http";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { schema, type Db } from "@taller/db";
import { DEMO_PASSWORD } from "@taller/db/seed";
import { drizzle } from "drizzle-orm/postgres-js";
import type postgres from "postgres";

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../../apps/server");

/** apps/server (through tsx, production mode, no demo seeding) on a free port of 127.0.0.1, against `databaseUrl`. */
export function startBenchServer(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/index.ts"], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: "0", HOST: "127.0.0.1", SEED_DEMO: "never", LOG_LEVEL: "info", NODE_ENV: "production" },
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
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
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
      if (body !== undefined) Object.assign(headers, { "content-type": "application/json", "x-trpc-source": "bench", "content-length": String(Buffer.byteLength(body)) });
      const req = request(`${baseUrl}${path}`, { method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { result?: { data: { json: T } }; error?: unknown };
          if (res.statusCode !== 200 || !parsed.result) reject(new Error(`HTTP ${res.statusCode}: ${JSON.stringify(parsed.error)}`));
          else resolvePromise(parsed.result.data.json);
        });
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(body);
    });
  return {
    query: <T>(path: string, input?: unknown) =>
      send<T>("GET", `/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`),
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
      for (const s of statements) await raw.unsafe(s.query, s.params as postgres.ParameterOrJSON<never>[], { prepare: s.prepare });
    },
  };
}
