// `pnpm bench:import [--rows N]`: the spreadsheet import at scale (default 100,000 rows) on a fresh PostgreSQL
// database (TEST_DATABASE_URL / DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
//
// Writes an .xlsx of N client+vehicle+product rows with exceljs's streaming writer, then times in the same run:
//   baseline  reading the sheet with the streaming reader and inserting its clients with plain multi-row INSERTs
//             (no mapping, no validation, no upsert): what the hardware gives;
//   import    the real import (dry run + upserts of clients, vehicles, brands, models, products, categories);
//   again     the same file imported a second time (everything matched, nothing written).
// Prints rows per second, the ratio to the baseline, this process's CPU time and the database backends' (on a shared
// machine they show what the wall time hides; rows per CPU second is the figure a loaded machine changes least) and
// the peak memory (RSS) of each. Targets: >= 10,000 rows/s and
// < 300 MB. The workbook is written by a child process, so its writer's memory is not counted as the import's.
// Drops the database.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { companyPreferencesSchema, computeRutDv, DEFAULT_DAYS_PREFERENCES, formatRut } from "@taller/core";
import { companies, createDatabase, migrateDatabase, queryRows } from "@taller/db";
import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { runImport } from "../src/import/run";
import { readSheet } from "../src/import/sheet";
import { HEADER, KEYS } from "../test/workbook";

const { values: args } = parseArgs({ options: { rows: { type: "string", default: "100000" }, "write-workbook": { type: "string" } } });
const ROWS = Number(args.rows);
const TARGET_ROWS_PER_S = 10_000;
const TARGET_MB = 300;

// The child that writes the workbook (function declarations are hoisted).
if (args["write-workbook"]) {
  await writeWorkbook(args["write-workbook"]);
  process.exit(0);
}

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `taller_bench_import_${process.pid}_${randomBytes(3).toString("hex")}`;
const benchUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
const dir = mkdtempSync(join(tmpdir(), "bench-import-"));
const path = join(dir, "import.xlsx");
const log = (message: string) => console.log(`[bench] ${message}`);

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
        `Categoría ${i % 30}`,
      ])
      .commit();
  }
  sheet.commit();
  await writer.commit();
}

/**
 * CPU seconds spent so far by the PostgreSQL backends serving the bench database (from /proc: the server runs on this
 * machine). With this process's CPU it gives the work an import costs, which a loaded machine's wall time hides.
 * Autovacuum's work is not in it. Null where /proc cannot be read.
 */
async function databaseCpuSeconds(): Promise<number | null> {
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
}

/** Runs `work` while sampling the process's RSS; returns the seconds taken, this process's and the database's CPU seconds and the peak RSS in MB. */
async function measure(work: () => Promise<unknown>): Promise<Measured> {
  global.gc?.();
  const dbCpu = await databaseCpuSeconds();
  const cpu = process.cpuUsage();
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  const used = process.cpuUsage(cpu);
  const dbCpuAfter = await databaseCpuSeconds();
  return {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
    // Backends opened during the work count from zero (the pool keeps them open).
    dbCpuSeconds: dbCpu === null || dbCpuAfter === null ? null : dbCpuAfter - dbCpu,
    peakMb: peak / 1024 / 1024,
  };
}

try {
  await admin.unsafe(`CREATE DATABASE "${dbName}"`);
  const database = await createDatabase({ url: benchUrl, max: 4 });
  await migrateDatabase(database);
  const [company] = await database.db
    .insert(companies)
    .values({ name: "Bench", domain: "bench.demo", preferences: companyPreferencesSchema.parse({}), daysPreferences: DEFAULT_DAYS_PREFERENCES })
    .returning({ id: companies.id });
  const companyId = company?.id ?? 0;
  const [baselineCompany] = await database.db
    .insert(companies)
    .values({ name: "Baseline", domain: "baseline.demo", preferences: companyPreferencesSchema.parse({}), daysPreferences: DEFAULT_DAYS_PREFERENCES })
    .returning({ id: companies.id });

  const started = performance.now();
  // Same runtime and loader flags (tsx's) as this process.
  execFileSync(process.execPath, [...process.execArgv, process.argv[1] ?? "", "--rows", String(ROWS), "--write-workbook", path], { stdio: "inherit" });
  log(`wrote ${ROWS} rows to an .xlsx in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const baseline = await measure(async () => {
    let batch: { rut: unknown; name: unknown }[] = [];
    const flush = async () => {
      await queryRows(
        database.db,
        sql`INSERT INTO clients (company_id, rut, name) SELECT ${baselineCompany?.id ?? 0}, rut, name FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(rut text, name text)`,
      );
      batch = [];
    };
    for await (const { values } of readSheet(path, "Datos")) {
      batch.push({ rut: values.RUT, name: values.Nombre });
      if (batch.length >= 1000) await flush();
    }
    if (batch.length) await flush();
  });
  const report = { rows: 0, errorCount: 0 };
  const first = await measure(async () => {
    Object.assign(report, await runImport(database.db, { companyId, batchId: "bench-1", keys: KEYS, source: () => readSheet(path, "Datos") }));
  });
  const again = await measure(() => runImport(database.db, { companyId, batchId: "bench-2", keys: KEYS, source: () => readSheet(path, "Datos") }));
  const [counts] = await queryRows<{ clients: number; vehicles: number }>(
    database.db,
    sql`SELECT (SELECT count(*)::int FROM clients WHERE company_id = ${companyId}) AS clients, (SELECT count(*)::int FROM vehicles WHERE company_id = ${companyId}) AS vehicles`,
  );
  log(`imported: ${report.rows} rows, ${report.errorCount} bad; company has ${counts?.clients} clients and ${counts?.vehicles} vehicles`);
  const line = (name: string, m: Measured) => {
    const rate = ROWS / m.seconds;
    const db = m.dbCpuSeconds === null ? "db cpu ?" : `db cpu ${m.dbCpuSeconds.toFixed(1)} s  ${Math.round(ROWS / (m.cpuSeconds + m.dbCpuSeconds)).toLocaleString("en")} rows per cpu s`;
    return `${name.padEnd(9)} ${m.seconds.toFixed(1).padStart(6)} s  ${Math.round(rate).toLocaleString("en").padStart(8)} rows/s  x${(m.seconds / baseline.seconds).toFixed(2)} baseline  node cpu ${m.cpuSeconds.toFixed(1)} s  ${db}  peak ${Math.round(m.peakMb)} MB`;
  };
  log(line("baseline", baseline));
  log(line("import", first));
  log(line("again", again));
  const rate = ROWS / first.seconds;
  log(
    `targets: ${Math.round(rate)} rows/s ${rate >= TARGET_ROWS_PER_S ? ">=" : "<"} ${TARGET_ROWS_PER_S} ${rate >= TARGET_ROWS_PER_S ? "met" : "NOT met"}; ` +
      `peak ${Math.round(first.peakMb)} MB ${first.peakMb < TARGET_MB ? "<" : ">="} ${TARGET_MB} MB ${first.peakMb < TARGET_MB ? "met" : "NOT met"}`,
  );
  await database.close();
} finally {
  await admin.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
}
