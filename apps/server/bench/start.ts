// `pnpm bench:start [--runs R] [--skip-clone] [--only memory]`: what a first start and a later one cost, and what the
// server holds when idle, each beside its baseline measured in the same run (README 'Quick start',
// docs/performance.md).
//
// 1. First start: the repository's last commit cloned to a temporary folder, `pnpm install --frozen-lockfile
//    --offline` (the package store warm), then `pnpm start` until /healthz answers 200, with the start script's
//    steps as they were printed (server built, web app built, the server's phases). Target: under 30 s in all.
// 2. Embedded start: the built server (`node apps/server/dist/index.js`, as `pnpm start` runs it) until /healthz
//    answers 200, on a fresh data folder and on the one the first start seeded, against PGlite alone (a node process
//    that opens the same kind of folder with the server's extensions and answers one query), alternated R times
//    (default 3); medians. Target: within 1.5x of PGlite's own start.
// 3. Idle memory: the built server restarted on PostgreSQL (a database of its own on TEST_DATABASE_URL /
//    DATABASE_URL, default the local server, seeded by a first start, dropped afterwards), after a login page,
//    /healthz and a session query, against a bare node:http handler on a postgres.js pool of the same size
//    answering /healthz's query, each started R times, alternately first; medians. Target: RSS <= 2x.
// The machine's load average is printed beside every figure; `--skip-clone` measures 2 and 3 on this checkout
// (built, with its .data) instead, `--only memory` only 3 on this checkout.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { BENCH_SERVER_URL } from "@taller/db";
import { freePort } from "@taller/testing/net";
import postgres from "postgres";
import nodeOptions from "../node-options.json";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    "skip-clone": { type: "boolean", default: false },
    only: { type: "string" },
  },
});
const RUNS = Number(args.runs);
if (args.only !== undefined && args.only !== "memory") throw new Error(`--only takes "memory", not "${args.only}"`);
const memoryOnly = args.only === "memory";
const repo = resolve(import.meta.dirname, "../../..");
const work = mkdtempSync(join(tmpdir(), "taller-bench-start-"));
const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`;
const log = (message: string) => console.log(`[bench] ${message}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A /proc/<pid>/stat line's fields after the command name: state, ppid, pgrp, …, utime (11), stime, cutime, cstime. */
const statFields = (pid: number | "self") =>
  readFileSync(`/proc/${pid}/stat`, "utf8")
    .replace(/^.*\) /s, "")
    .split(" ");
/** Clock ticks to ms (Linux's USER_HZ, 100 everywhere Node runs). */
const ticks = (fields: string[], from: number, to: number) =>
  fields.slice(from, to + 1).reduce((sum, f) => sum + Number(f), 0) * 10;
/** CPU ms of the children this process has waited for (a spawnSync'd command, its own children included). */
const reapedCpu = () => ticks(statFields("self"), 13, 14);
/**
 * CPU ms of the processes in group `pgid` still running and of the children they waited for (the builds a start
 * ran): the work a start did, which a shared machine stretches less than the wall clock.
 */
function groupCpu(pgid: number): number {
  let ms = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = statFields(Number(pid));
      if (Number(fields[2]) === pgid) ms += ticks(fields, 11, 14);
    } catch {
      // gone meanwhile
    }
  }
  return ms;
}

/** SIGTERM to the child's whole process group (`pnpm start` runs the server two processes down). */
const stopped = (child: ChildProcess) =>
  new Promise<void>((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) return ok();
    child.once("exit", () => ok());
    process.kill(-child.pid!, "SIGTERM");
  });

/** Spawns `command` and resolves with the ms until GET /healthz on `port` answers 200; the child keeps running. */
async function untilHealthy(
  command: string,
  argv: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; port: number },
) {
  const started = performance.now();
  const child = spawn(command, argv, {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const lines: { ms: number; text: string }[] = [];
  let output = "";
  // Per stream, a line cut between two chunks waits for its end (a JSON log line read in halves parses as neither).
  const collector = () => {
    let pending = "";
    return (chunk: Buffer) => {
      output += chunk.toString();
      const parts = (pending + chunk.toString()).split("\n");
      pending = parts.pop() ?? "";
      for (const text of parts) if (text) lines.push({ ms: performance.now() - started, text });
    };
  };
  child.stdout.on("data", collector());
  child.stderr.on("data", collector());
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${opts.port}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { ms: performance.now() - started, cpuMs: groupCpu(child.pid!), child, lines };
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A node process that opens `dataDir` with PGlite as the server does, answers one query and exits: wall and CPU ms. */
function pgliteAlone(checkout: string, dataDir: string): { ms: number; cpuMs: number } {
  const script = join(work, "pglite-alone.mjs");
  writeFileSync(
    script,
    `import { createRequire } from "node:module";
const require = createRequire(${JSON.stringify(join(checkout, "db/package.json"))});
const load = (name) => import(require.resolve(name));
const { PGlite } = await load("@electric-sql/pglite");
const { pg_trgm } = await load("@electric-sql/pglite/contrib/pg_trgm");
const { btree_gist } = await load("@electric-sql/pglite/contrib/btree_gist");
const { btree_gin } = await load("@electric-sql/pglite/contrib/btree_gin");
const client = await PGlite.create(process.argv[2], { extensions: { pg_trgm, btree_gist, btree_gin } });
await client.query("SELECT 1");
await client.close();
`,
  );
  const started = performance.now();
  const cpuBefore = reapedCpu();
  const run = spawnSync(process.execPath, [script, dataDir], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`PGlite alone failed:\n${run.stderr}`);
  return { ms: performance.now() - started, cpuMs: reapedCpu() - cpuBefore };
}

/** The built server on the embedded database in `dataDir`: ms until /healthz answers 200, and its own phases. */
async function serverStart(checkout: string, dataDir: string) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "info" };
  const { ms, cpuMs, child, lines } = await untilHealthy(
    process.execPath,
    [...nodeOptions, "--env-file=apps/server/demo.env", "apps/server/dist/index.js"],
    { cwd: checkout, env, port },
  );
  // The app answers as soon as it takes over the socket; its ready line is written just after.
  type Ready = { startup: "ready"; phases: Record<string, number>; cpu: Record<string, number>; database: string };
  const readyLine = () =>
    lines
      .map((l) => JSON.parse(l.text.startsWith("{") ? l.text : "{}") as Partial<Ready>)
      .find((l): l is Ready => l.startup === "ready");
  for (let waited = 0; !readyLine() && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  await stopped(child);
  const ready = readyLine();
  if (!ready) throw new Error(`the server printed no ready line:\n${lines.map((l) => l.text).join("\n")}`);
  return { ms, cpuMs, phases: ready };
}

/** "database 1.2 s (CPU 0.9 s), …": the server's phases, wall and CPU (the CPU steadier on a shared machine). */
const phaseText = ({
  phases,
  cpu,
  database,
}: {
  phases: Record<string, number>;
  cpu: Record<string, number>;
  database: string;
}) =>
  `${database}: ` +
  Object.entries(phases)
    .map(([name, ms]) => `${name} ${secs(ms)} (CPU ${secs(cpu[name] ?? 0)})`)
    .join(", ");

/** A process's resident memory in MiB: in all, its anonymous part (heaps, allocator) and its mapped files (code). */
function memoryOf(pid: number) {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(rollup)?.[1] ?? 0) / 1024;
  return { rss: kib("Rss"), anon: kib("Anonymous"), files: kib("Rss") - kib("Anonymous") };
}
const memoryText = ({ rss, anon, files }: ReturnType<typeof memoryOf>) =>
  `${rss.toFixed(0)} MiB (anonymous ${anon.toFixed(0)}, files ${files.toFixed(0)})`;

try {
  let checkout = repo;
  // 1. First start.
  if (!args["skip-clone"] && !memoryOnly) {
    checkout = join(work, "clone");
    spawnSync("git", ["clone", "--quiet", repo, checkout], { stdio: "inherit" });
    log(`cloned the last commit to ${checkout} (${load()})`);
    const installStarted = performance.now();
    const installCpu = reapedCpu();
    const install = spawnSync("pnpm", ["install", "--frozen-lockfile", "--offline"], {
      cwd: checkout,
      encoding: "utf8",
    });
    if (install.status !== 0) throw new Error(`install failed:\n${install.stdout}${install.stderr}`);
    const installMs = performance.now() - installStarted;
    const installCpuMs = reapedCpu() - installCpu;
    log(`install: ${secs(installMs)}, CPU ${secs(installCpuMs)} (${load()})`);
    const port = await freePort();
    const first = await untilHealthy("pnpm", ["start"], {
      cwd: checkout,
      env: { ...process.env, PORT: String(port), DATABASE_URL: "", LOG_LEVEL: "info" },
      port,
    });
    for (const { ms, text } of first.lines.filter((l) => l.text.startsWith("[start]")))
      log(`  at ${secs(ms)}: ${text.replace(/^\[start\] [\d.]+ s\s+/, "")}`);
    log(`pnpm start: /healthz after ${secs(first.ms)}, CPU ${secs(first.cpuMs)} (builds and server) (${load()})`);
    await stopped(first.child);
    const total = installMs + first.ms;
    log(
      `first start, install + start: ${secs(total)} (CPU ${secs(installCpuMs + first.cpuMs)}); ` +
        `target < 30 s ${total < 30_000 ? "met" : "NOT MET"} (${load()})`,
    );
  }

  // 2. Embedded start against PGlite alone, alternated.
  const seeded = join(checkout, ".data");
  type Run = { ms: number; cpuMs: number };
  const times = { freshServer: [] as Run[], freshPglite: [] as Run[], server: [] as Run[], pglite: [] as Run[] };
  const runText = ({ ms, cpuMs }: Run) => `${secs(ms)} (CPU ${secs(cpuMs)})`;
  for (let run = 1; run <= (memoryOnly ? 0 : RUNS); run++) {
    const fresh = await serverStart(checkout, join(work, `fresh-${run}`));
    times.freshServer.push(fresh);
    const freshAlone = pgliteAlone(checkout, join(work, `pglite-${run}`));
    times.freshPglite.push(freshAlone);
    const existing = await serverStart(checkout, seeded);
    times.server.push(existing);
    const existingAlone = pgliteAlone(checkout, join(seeded, "pglite"));
    times.pglite.push(existingAlone);
    log(
      `run ${run}: fresh ${runText(fresh)} [${phaseText(fresh.phases)}] against PGlite ${runText(freshAlone)}; ` +
        `existing ${runText(existing)} [${phaseText(existing.phases)}] against PGlite ${runText(existingAlone)} ` +
        `(${load()})`,
    );
    rmSync(join(work, `fresh-${run}`), { recursive: true, force: true });
    rmSync(join(work, `pglite-${run}`), { recursive: true, force: true });
  }
  for (const [name, ours, alone] of [
    ["fresh data folder", times.freshServer, times.freshPglite],
    ["existing data folder", times.server, times.pglite],
  ] as const) {
    if (ours.length === 0) continue;
    const ratio = median(ours.map((r) => r.ms)) / median(alone.map((r) => r.ms));
    const cpuRatio = median(ours.map((r) => r.cpuMs)) / median(alone.map((r) => r.cpuMs));
    log(
      `embedded start, ${name}: server ${secs(median(ours.map((r) => r.ms)))} against PGlite alone ` +
        `${secs(median(alone.map((r) => r.ms)))}: ${ratio.toFixed(2)}x, target <= 1.5x ` +
        `${ratio <= 1.5 ? "met" : "NOT MET"}; in CPU ${secs(median(ours.map((r) => r.cpuMs)))} against ` +
        `${secs(median(alone.map((r) => r.cpuMs)))}: ${cpuRatio.toFixed(2)}x (${load()})`,
    );
  }

  // 3. Idle memory on PostgreSQL.
  const serverUrl = BENCH_SERVER_URL;
  const dbName = `taller_bench_start_${process.pid}_${randomBytes(3).toString("hex")}`;
  const url = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${dbName}"`);
  try {
    // The server seeds the demo on a first start and is measured on a second one: what a restarted server holds.
    const port = await freePort();
    const startOn = (seed: string, logLevel = "warn") =>
      untilHealthy(process.execPath, [...nodeOptions, "--env-file=apps/server/demo.env", "apps/server/dist/index.js"], {
        cwd: checkout,
        env: { ...process.env, PORT: String(port), DATABASE_URL: url, SEED_DEMO: seed, LOG_LEVEL: logLevel },
        port,
      });
    // Stopped once it has stored the demo's pictures (after listening), else the next start draws them (sharp).
    const seeding = await startOn("always", "info");
    while (seeding.child.exitCode === null && !seeding.lines.some((l) => l.text.includes("demo pictures")))
      await new Promise((r) => setTimeout(r, 50));
    await stopped(seeding.child);
    const barePort = await freePort();
    const bareScript = join(work, "bare.mjs");
    writeFileSync(
      bareScript,
      `import { createServer } from "node:http";
import { createRequire } from "node:module";
const require = createRequire(${JSON.stringify(join(checkout, "db/package.json"))});
const { default: postgres } = await import(require.resolve("postgres"));
const sql = postgres(process.env.URL, { max: 10, onnotice: () => {} });
createServer(async (req, res) => {
  const [row] = await sql\`SELECT count(*) AS n FROM companies LIMIT 1\`;
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ status: "ok", n: row.n }));
}).listen(Number(process.env.PORT), "127.0.0.1");
`,
    );
    // The same light use of each (20 × /healthz; the server also a page and a session query), then 5 s idle; one
    // process at a time, so that neither measures the other's load.
    const idle = async (which: "server" | "bare") => {
      const started =
        which === "server"
          ? await startOn("never")
          : await untilHealthy(process.execPath, [bareScript], {
              cwd: work,
              env: { ...process.env, PORT: String(barePort), URL: url },
              port: barePort,
            });
      const base = `http://127.0.0.1:${which === "server" ? port : barePort}`;
      for (let i = 0; i < 20; i++) {
        await fetch(`${base}/healthz`);
        if (which === "bare") continue;
        await fetch(`${base}/login`);
        await fetch(`${base}/trpc/auth.me`);
      }
      await new Promise((r) => setTimeout(r, 5000));
      const memory = memoryOf(started.child.pid!);
      await stopped(started.child);
      return memory;
    };
    const rss = { server: [] as number[], bare: [] as number[] };
    for (let run = 1; run <= RUNS; run++) {
      const order = run % 2 === 1 ? (["server", "bare"] as const) : (["bare", "server"] as const);
      const seen: Partial<Record<"server" | "bare", ReturnType<typeof memoryOf>>> = {};
      for (const which of order) seen[which] = await idle(which);
      rss.server.push(seen.server!.rss);
      rss.bare.push(seen.bare!.rss);
      log(
        `run ${run} (${order[0]} first): server ${memoryText(seen.server!)}; bare ${memoryText(seen.bare!)} (${load()})`,
      );
    }
    const [ours, theirs] = [median(rss.server), median(rss.bare)];
    log(
      `idle RSS: server ${ours.toFixed(0)} MiB against a bare handler on the same pool ${theirs.toFixed(0)} MiB: ` +
        `${(ours / theirs).toFixed(2)}x, target <= 2x ${ours / theirs <= 2 ? "met" : "NOT MET"} (${load()})`,
    );
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
