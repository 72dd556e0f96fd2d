// `pnpm bench:import [--rows N]`: the spreadsheet import at scale (default 100,000 rows) on a fresh PostgreSQL
// database (TEST_DATABASE_URL / DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
//
// Writes an .xlsx of N client+vehicle+product rows with exceljs's streaming writer, then times in the same run:
//   baseline  reading the sheet with the streaming reader and inserting its clients with plain multi-row INSERTs
//             (no mapping, no validation, no upsert): what the hardware gives;
//   import    the real import (dry run + upserts of clients, vehicles, brands, models, products, categories) read
//             straight from the workbook;
//   again     the same file imported a second time (everything matched, nothing written);
//   create    what 'Crear nueva base de datos' does with the workbook: the upload's summary, then the sheet as JSON
//             in the file store (here a temporary folder);
//   connect   what 'Conectar' runs in the background job: the same import, read from that JSON, into another
//             company. create + connect is the operator's path; the targets are checked on connect, the import the
//             operator waits for once the database exists.
// Each runs in a fresh child process, so its peak memory (RSS) is its own and not what an earlier phase left in the
// heap; the workbook is written by a child too. The children run this file bundled, on plain node, as the server
// runs in production (under tsx's loader every figure would be about 55 MB more). Before each phase the database is
// vacuumed and analyzed, untimed, so that autovacuum does not do the earlier phases' upkeep during it. Prints rows
// per second, the ratio to the baseline, the phase's CPU time and the database backends' (on a shared machine they
// show what the wall time hides; rows per CPU second is the figure a loaded machine changes least) and the peak
// RSS of each, with what the process held at rest before the work. Targets: >= 10,000 rows/s and < 300 MB.
// Drops the database.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createReadStream, existsSync, mkdtempSync, rmSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { companyPreferencesSchema, computeRutDv, DEFAULT_DAYS_PREFERENCES, formatRut } from "@taller/core";
import { BENCH_SERVER_URL, companies, createDatabase, type Database, migrateDatabase, queryRows } from "@taller/db";
import type { bundleForNode as BundleForNode } from "@taller/bundle";
import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { configureDatabaseFiles, jsonRows, stageWorkbook } from "../src/databases/files";
import { sheetData } from "../src/databases/sheet-data";
import { runImport } from "../src/import/run";
import { readSheet } from "../src/import/sheet";
import { HEADER, KEYS } from "../test/workbook";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    // A comma-separated subset of the phases to run (connect needs create), e.g. "baseline,create,connect".
    phases: { type: "string" },
    "write-workbook": { type: "string" },
    // A child's phase, its database, folder and company (set by the parent).
    phase: { type: "string" },
    db: { type: "string" },
    dir: { type: "string" },
    company: { type: "string" },
  },
});
const ROWS = Number(args.rows);
const TARGET_ROWS_PER_S = 10_000;
const TARGET_MB = 300;
const PHASES = ["baseline", "import", "again", "create", "connect"] as const;
type Phase = (typeof PHASES)[number];
const selected = args.phases ? PHASES.filter((p) => args.phases?.split(",").includes(p)) : PHASES;

const serverUrl = BENCH_SERVER_URL;
const dbName = args.db ?? `taller_bench_import_${process.pid}_${randomBytes(3).toString("hex")}`;
const benchUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const dir = args.dir ?? mkdtempSync(join(tmpdir(), "bench-import-"));
const path = join(dir, "import.xlsx");
const fileKeyPath = join(dir, "file-key.txt");
const log = (message: string) => console.log(`[bench] ${message}`);
/**
 * This file bundled as the server is for production (@taller/bundle), so the children run on plain node: under
 * tsx's loader (a thread of its own) a process holds about 55 MB more than the server ever does.
 */
const bundled = join(dir, "bench.mjs");
const child = (extra: string[]) =>
  execFileSync(process.execPath, [bundled, "--rows", String(ROWS), "--dir", dir, ...extra], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });

async function writeWorkbook(path: string) {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const sheet = writer.addWorksheet("Datos");
  sheet.addRow(HEADER).commit();
  for (let i = 1; i <= ROWS; i++) {
    const body = 10_000_000 + i;
    sheet
      .addRow([
        formatRut(`${body}${computeRutDv(body)}`),
        `Cliente ${i}`,
        `c${i}@correo.cl`,
        `BN${String(i).padStart(6, "0")}`,
        2000 + (i % 25),
        `Marca ${i % 20}`,
        `Modelo ${i % 100}`,
        "1.6",
        `SKU-${i % 2000}`,
        `Producto ${i % 2000}`,
        12990,
        // A product keeps its category on every row that names it, as in a real sheet of service lines.
        `Categoría ${(i % 2000) % 30}`,
      ])
      .commit();
  }
  sheet.commit();
  await writer.commit();
}

/**
 * CPU seconds spent so far by the PostgreSQL backends serving the bench database (from /proc: the server runs on this
 * machine). With the phase's CPU it gives the work an import costs, which a loaded machine's wall time hides.
 * Autovacuum's work is not in it. Null where /proc cannot be read.
 */
async function databaseCpuSeconds(admin: postgres.Sql): Promise<number | null> {
  const backends = await admin<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = ${dbName}`;
  let ticks = 0;
  for (const { pid } of backends) {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
    if (stat === null) return null;
    // utime and stime: fields 14 and 15, counted after the ")" that ends the command name.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / CLOCK_TICKS;
}
/** USER_HZ: 100 on Linux. */
const CLOCK_TICKS = 100;

interface Measured {
  seconds: number;
  cpuSeconds: number;
  dbCpuSeconds: number | null;
  peakMb: number;
  /** The process's RSS right before the work: modules loaded, database connected. */
  restMb: number;
}

/**
 * Runs `work` while sampling the process's RSS; returns the seconds taken, this process's and the database's CPU
 * seconds and the peak RSS in MB.
 */
async function measure(admin: postgres.Sql, work: () => Promise<unknown>): Promise<Measured> {
  const dbCpu = await databaseCpuSeconds(admin);
  const cpu = process.cpuUsage();
  const rest = process.memoryUsage().rss;
  let peak = rest;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  const used = process.cpuUsage(cpu);
  const dbCpuAfter = await databaseCpuSeconds(admin);
  return {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
    // Backends opened during the work count from zero (the pool keeps them open).
    dbCpuSeconds: dbCpu === null || dbCpuAfter === null ? null : dbCpuAfter - dbCpu,
    peakMb: peak / 1024 / 1024,
    restMb: rest / 1024 / 1024,
  };
}

/** The operator's path stores its files on disk, as the server does. */
function useDiskStore() {
  const storeDir = join(dir, "store");
  configureDatabaseFiles({
    put: async (key, bytes) => {
      await mkdir(dirname(join(storeDir, key)), { recursive: true });
      await writeFile(join(storeDir, key), bytes);
    },
    get: (key) => Promise.resolve(existsSync(join(storeDir, key)) ? createReadStream(join(storeDir, key)) : null),
    delete: (key) => rm(join(storeDir, key), { force: true }),
  });
}

/** One phase's work, run in a child process. */
async function work(phase: Phase, database: Database, companyId: number): Promise<void> {
  const source = () => readSheet(path, "Datos");
  switch (phase) {
    case "baseline": {
      let batch: { rut: unknown; name: unknown }[] = [];
      const flush = async () => {
        await queryRows(
          database.db,
          sql`INSERT INTO clients (company_id, rut, name) SELECT ${companyId}, rut, name FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(rut text, name text)`,
        );
        batch = [];
      };
      for await (const { values } of source()) {
        batch.push({ rut: values.RUT, name: values.Nombre });
        if (batch.length >= 1000) await flush();
      }
      if (batch.length) await flush();
      return;
    }
    case "import":
    case "again": {
      const report = await runImport(database.db, { companyId, batchId: `bench-${phase}`, keys: KEYS, source });
      if (report.errorCount > 0) throw new Error(`${report.errorCount} bad rows`);
      return;
    }
    case "create": {
      useDiskStore();
      const staged = await stageWorkbook(await readFile(path));
      if (!staged.ok) throw new Error(staged.reason);
      await writeFile(fileKeyPath, (await sheetData(staged.upload, "Datos", KEYS)).fileKey);
      return;
    }
    case "connect": {
      useDiskStore();
      const fileKey = await readFile(fileKeyPath, "utf8");
      await runImport(database.db, {
        companyId,
        batchId: "bench-connect",
        keys: KEYS,
        source: () => jsonRows(fileKey),
        rereadable: true,
      });
      return;
    }
  }
}

// A child: the workbook, or one measured phase (its result on the last line of stdout).
if (args["write-workbook"]) {
  await writeWorkbook(args["write-workbook"]);
  process.exit(0);
}
if (args.phase) {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const database = await createDatabase({ url: benchUrl, max: 4 });
  const measured = await measure(admin, () => work(args.phase as Phase, database, Number(args.company)));
  await database.close();
  await admin.end();
  console.log(JSON.stringify(measured));
  process.exit(0);
}

const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
const newCompany = async (database: Database, name: string) => {
  const [row] = await database.db
    .insert(companies)
    .values({
      name,
      domain: `${name.toLowerCase()}.demo`,
      preferences: companyPreferencesSchema.parse({}),
      daysPreferences: DEFAULT_DAYS_PREFERENCES,
    })
    .returning({ id: companies.id });
  return row?.id ?? 0;
};

try {
  // Imported by a name esbuild does not follow: the bundle the children run must not carry (and load) esbuild.
  const bundler = "@taller/bundle";
  const { bundleForNode } = (await import(bundler)) as { bundleForNode: typeof BundleForNode };
  await bundleForNode({ entry: fileURLToPath(import.meta.url), outfile: bundled });
  await admin.unsafe(`CREATE DATABASE "${dbName}"`);
  const database = await createDatabase({ url: benchUrl, max: 4 });
  await migrateDatabase(database);
  const companyOf: Record<Phase, number> = {
    baseline: await newCompany(database, "Baseline"),
    import: 0,
    again: 0,
    create: 0,
    connect: await newCompany(database, "Connect"),
  };
  companyOf.import = companyOf.again = await newCompany(database, "Bench");

  const started = performance.now();
  child(["--write-workbook", path]);
  log(`wrote ${ROWS} rows to an .xlsx in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const results: Partial<Record<Phase, Measured>> = {};
  for (const phase of selected) {
    // What the phase before wrote is vacuumed and analyzed first, untimed: autovacuum would otherwise do it during
    // this phase, on the same two cores, and charge it the earlier phase's upkeep.
    await queryRows(database.db, sql`VACUUM ANALYZE`);
    const out = child(["--phase", phase, "--db", dbName, "--dir", dir, "--company", String(companyOf[phase])])
      .trim()
      .split("\n");
    results[phase] = JSON.parse(out[out.length - 1] ?? "{}") as Measured;
  }
  const [counts] = await queryRows<{ clients: number; vehicles: number }>(
    database.db,
    sql`SELECT (SELECT count(*)::int FROM clients WHERE company_id = ${companyOf.connect}) AS clients, (SELECT count(*)::int FROM vehicles WHERE company_id = ${companyOf.connect}) AS vehicles`,
  );
  log(`connect imported ${counts?.clients} clients and ${counts?.vehicles} vehicles`);
  const baseline = results.baseline;
  const line = (name: string, m: Measured) => {
    const rate = ROWS / m.seconds;
    const db =
      m.dbCpuSeconds === null
        ? "db cpu ?"
        : `db cpu ${m.dbCpuSeconds.toFixed(1)} s  ${Math.round(ROWS / (m.cpuSeconds + m.dbCpuSeconds)).toLocaleString("en")} rows per cpu s`;
    return `${name.padEnd(9)} ${m.seconds.toFixed(1).padStart(6)} s  ${Math.round(rate).toLocaleString("en").padStart(8)} rows/s  ${baseline ? `x${(m.seconds / baseline.seconds).toFixed(2)}` : "x?"} baseline  node cpu ${m.cpuSeconds.toFixed(1)} s  ${db}  peak ${Math.round(m.peakMb)} MB (at rest ${Math.round(m.restMb)})`;
  };
  for (const phase of selected) log(line(phase, results[phase] as Measured));
  const { connect } = results;
  const rate = connect ? ROWS / connect.seconds : 0;
  const peakMb = Math.max(...(["import", "create", "connect"] as const).map((p) => results[p]?.peakMb ?? 0));
  if (connect)
    log(
      `targets (connect): ${Math.round(rate)} rows/s ${rate >= TARGET_ROWS_PER_S ? ">=" : "<"} ${TARGET_ROWS_PER_S} ${rate >= TARGET_ROWS_PER_S ? "met" : "NOT met"}; ` +
        `peak (import, create, connect) ${Math.round(peakMb)} MB ${peakMb < TARGET_MB ? "<" : ">="} ${TARGET_MB} MB ${peakMb < TARGET_MB ? "met" : "NOT met"}`,
    );
  await database.close();
} finally {
  await admin.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
}
