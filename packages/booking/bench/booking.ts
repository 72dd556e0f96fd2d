// `pnpm bench:booking [--runs R]`: the free-slot search for a whole month, with 20 professionals and 10,000 existing
// bookings, three ways: through the real HTTP /trpc endpoint (booking.freeSlots), as the search run in-process
// (its database reads plus the rule), and as the bare pure function on facts read once. p50/p95 per case; target:
// under 20 ms per month query at the server. The HTTP cases also print the server's own time per request (its
// Server-Timing header: context, procedure and JSON, without the network and the client), the figure the target is
// about.
//
// Creates a database on TEST_DATABASE_URL / DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// seeds the demo, gives Taller Demo (booking_type professional) 20 professionals and 10,000 bookings spread over
// four months around next month (about 2,500 in the month searched, most working hours taken), starts the real
// server as a child process, logs in as admin@taller.demo and times each case. The database is dropped at the end,
// unless `--keep` (to EXPLAIN the search's reads on it; drop it by hand).
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { PerformanceObserver } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { addDays, CLIENT_HEADER, present, weekdayOf } from "@taller/core";
import { BENCH_SERVER_URL, bookings, createDatabase, migrateDatabase, users } from "@taller/db";
import { seedDemo } from "@taller/db/seed";
import { benchLogin, startBenchServer } from "@taller/testing/bench";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { loadBookingSetup, loadFacts } from "../src/facts";
import { searchSlots } from "../src/search-slots";
import { freeSlotsByDay, localNow } from "../src/slots";

const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "200" }, keep: { type: "boolean", default: false } },
});
const RUNS = Number(args.runs);
const PROFESSIONALS = 20;
const BOOKINGS = 10_000;
const TARGET_MS = 20;

const serverUrl = BENCH_SERVER_URL;
const dbName = `taller_bench_booking_${process.pid}_${randomBytes(3).toString("hex")}`;
const benchUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
const log = (message: string) => console.log(`[bench] ${message}`);

let server: ChildProcess | null = null;
let closeDatabase: (() => Promise<void>) | null = null;
try {
  await admin.unsafe(`CREATE DATABASE "${dbName}"`);
  const database = await createDatabase({ url: benchUrl, max: 4 });
  closeDatabase = database.close;
  await migrateDatabase(database);
  const fx = await seedDemo(database.db);
  const companyId = fx.demo.companyId;
  const db = database.db;

  // 20 professionals: the demo's three and seventeen more of the Técnico role.
  const roleId = present(fx.demo.roleIds["Técnico"], "Técnico role");
  const [someone] = await db.select({ hash: users.passwordHash }).from(users).limit(1);
  const extra = await db
    .insert(users)
    .values(
      Array.from({ length: PROFESSIONALS - fx.demo.professionalIds.length }, (_, i) => ({
        companyId,
        roleId,
        name: `Profesional ${i + 1}`,
        email: `pro${i + 1}@bench.demo`,
        passwordHash: present(someone, "a user").hash,
      })),
    )
    .returning({ id: users.id });
  const pros = [...fx.demo.professionalIds, ...extra.map((u) => u.id)];

  // The month searched: next month. Bookings from the month before to two months after, each professional's day
  // filled from 09:00 with short gaps, until 10,000.
  const today = localNow(Date.now()).date;
  const monthStart = `${nextMonth(today.slice(0, 7))}-01`;
  const monthEnd = lastDay(monthStart);
  const from = `${previousMonth(monthStart.slice(0, 7))}-01`;
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const rows: (typeof bookings.$inferInsert)[] = [];
  for (let d = from; rows.length < BOOKINGS; d = addDays(d, 1)) {
    if (weekdayOf(d) === 7) continue;
    for (const userId of pros) {
      for (
        let m = 9 * 60 + 10 * Math.floor(random() * 3);
        m < (weekdayOf(d) === 6 ? 13 : 18) * 60 - 60 && rows.length < BOOKINGS;
      ) {
        const duration = [30, 45, 60, 90][Math.floor(random() * 4)] ?? 60;
        rows.push({
          companyId,
          userId,
          locationId: fx.demo.locationIds[0],
          bookingDate: d,
          bookingTime: `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`,
          duration,
        });
        m += Math.ceil(duration / 10) * 10 + 10 * Math.floor(random() * 4);
      }
    }
  }
  // The bench's bookings stand alone: the demo's month of bookings would overlap them.
  await db.delete(bookings).where(eq(bookings.companyId, companyId));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(bookings).values(rows.slice(i, i + 1000));
  const inMonth = rows.filter((r) => r.bookingDate >= monthStart && r.bookingDate <= monthEnd).length;
  log(
    `${pros.length} professionals, ${rows.length} bookings from ${from} to ${rows.at(-1)?.bookingDate} (${inMonth} in ${monthStart.slice(0, 7)})`,
  );
  const raw = postgres(benchUrl, { max: 1, onnotice: () => {} });
  await raw.unsafe("VACUUM ANALYZE");
  await raw.end();

  const search = {
    from: monthStart,
    to: monthEnd,
    locationId: fx.demo.locationIds[0] ?? null,
    requirementId: null,
    userId: null,
    duration: 60,
    excludeId: null,
  };
  const input = { booking_date: monthStart, to_date: monthEnd, location_id: search.locationId, duration: 60 };
  const results: {
    name: string;
    p50: number;
    p95: number;
    cpu: number;
    gc: number | null;
    server: { p50: number; p95: number } | null;
  }[] = [];
  // Garbage collection in this process (the in-process cases: what a query leaves to collect shows up as pauses
  // in the p95), from the runtime's gc performance entries.
  let gcMs = 0;
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  });
  gcObserver.observe({ entryTypes: ["gc"] });
  // Wall-clock p50/p95, and CPU per query of the process doing the work (this one, or the server's child process,
  // read from /proc): on a shared, loaded machine the CPU figure is the one that says what a query costs.
  // `fn` answers the server's own time for the call when it has one (HTTP: the Server-Timing header).
  const time = async (name: string, fn: () => unknown, pid: number | null = null) => {
    for (let i = 0; i < 10; i++) await fn();
    const samples: number[] = [];
    const serverSamples: number[] = [];
    const cpuBefore = cpuMs(pid);
    const gcBefore = gcMs;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const server = await fn();
      samples.push(performance.now() - started);
      if (typeof server === "number") serverSamples.push(server);
    }
    // gc entries arrive after the collection: let the last ones in.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const gc = pid === null ? (gcMs - gcBefore) / RUNS : null;
    results.push({
      name,
      ...stats(samples),
      cpu: (cpuMs(pid) - cpuBefore) / RUNS,
      gc,
      server: serverSamples.length ? stats(serverSamples) : null,
    });
  };

  // The bare function, on facts read once.
  const { settings, eligible } = await loadBookingSetup(db, companyId, null);
  const facts = await loadFacts(db, companyId, {
    from: monthStart,
    to: monthEnd,
    locationId: search.locationId,
    mode: "professional",
    professionals: pros,
  });
  const offered = freeSlotsByDay(settings.rules, facts, monthStart, monthEnd, {
    duration: 60,
    professionals: eligible,
    now: Date.now(),
  });
  log(
    `a month: ${Object.values(offered).reduce((n, h) => n + h.length, 0)} start times offered over ${Object.keys(offered).length} days`,
  );
  // The function builds its per-day booking index on every call, inside its time.
  await time("pure function, 20 professionals", () => {
    freeSlotsByDay(settings.rules, facts, monthStart, monthEnd, {
      duration: 60,
      professionals: eligible,
      now: Date.now(),
    });
  });
  await time("search in-process (reads + function), any professional", async () => {
    await searchSlots(db, companyId, search);
  });
  await time("search in-process, one professional", async () => {
    await searchSlots(db, companyId, { ...search, userId: pros[0] ?? null });
  });

  // Through the real server.
  const started = await startBenchServer(benchUrl);
  server = started.child;
  const cookie = await benchLogin(started.url, "admin@taller.demo");
  const query = (value: unknown) =>
    fetch(`${started.url}/trpc/booking.freeSlots?input=${encodeURIComponent(JSON.stringify({ json: value }))}`, {
      headers: { cookie, [CLIENT_HEADER]: "web" },
    }).then(async (res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      return Number(/app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);
    });
  const pid = started.child.pid ?? null;
  await time("HTTP booking.freeSlots, a month, any professional", () => query(input), pid);
  await time("HTTP booking.freeSlots, a month, one professional", () => query({ ...input, user_id: pros[0] }), pid);

  console.log(
    `\n| case (${RUNS} runs, load average ${loadavg()[0]?.toFixed(1)}) | p50 ms | p95 ms | server p50 ms | server p95 ms | CPU ms per query | GC ms per query | p95 under ${TARGET_MS} ms (HTTP: the server's) |\n|---|---|---|---|---|---|---|---|`,
  );
  for (const r of results) {
    const server = r.server ? `${r.server.p50.toFixed(2)} | ${r.server.p95.toFixed(2)}` : "- | -";
    const gc = r.gc === null ? "-" : r.gc.toFixed(2);
    const p95 = r.server?.p95 ?? r.p95;
    console.log(
      `| ${r.name} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${server} | ${r.cpu.toFixed(2)} | ${gc} | ${p95 < TARGET_MS ? "yes" : "NO"} |`,
    );
  }
  gcObserver.disconnect();
} finally {
  server?.kill("SIGTERM");
  await closeDatabase?.();
  if (args.keep) log(`kept ${benchUrl}`);
  else await admin.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
  if (!args.keep) log(`dropped ${dbName}`);
}

/** CPU milliseconds (user + system) used so far by this process, or by the child process `pid`. */
function cpuMs(pid: number | null): number {
  if (pid === null) {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  }
  // /proc/<pid>/stat fields 14 and 15: utime and stime in clock ticks (100 per second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

function nextMonth(ym: string): string {
  const [y, m] = ym.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}
function previousMonth(ym: string): string {
  const [y, m] = ym.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}
function lastDay(first: string): string {
  return new Date(Date.parse(`${nextMonth(first.slice(0, 7))}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
