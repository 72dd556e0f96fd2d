/**
 * An import of a sheet into a company in one read of the workbook: every row is mapped and validated as it streams
 * by (the dry run: each bad row reported with its row number and reason), and the good rows are spooled to a
 * temporary file, one JSON line each. Only when no row failed is the spool written, in batches under one batch id,
 * with progress after each batch; nothing is written otherwise. Neither the sheet nor the spool is ever held in
 * memory. Parsing the workbook costs far more than reading JSON lines back, hence the spool over a second pass.
 */
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { DatabaseKeys } from "@taller/core";
import type { Db, ImportRowError } from "@taller/db";
import { mapRow, type MappedRow } from "./map";
import type { SheetRow } from "./sheet";
import { writeBatch } from "./write";

/** Rows per write: few round trips and transactions, while two batches (one written, one parsed) stay a few MB. */
export const IMPORT_BATCH_ROWS = 5000;
/** Bad rows kept in a report: enough to fix a sheet; the count says how many there were. */
export const MAX_REPORTED_ERRORS = 1000;

export interface ImportReport {
  rows: number;
  errors: ImportRowError[];
  errorCount: number;
}

/** Maps every row, counting and reporting the bad ones; `onGood` receives each good row in order. */
async function validate(keys: DatabaseKeys, source: AsyncIterable<SheetRow>, onGood?: (row: MappedRow) => Promise<void> | void): Promise<ImportReport> {
  const report: ImportReport = { rows: 0, errors: [], errorCount: 0 };
  for await (const { row, values } of source) {
    report.rows += 1;
    const mapped = mapRow(keys, values);
    if (mapped.ok) {
      // Once a row failed nothing will be written: the rest is only checked.
      if (report.errorCount === 0) await onGood?.(mapped.row);
    } else {
      report.errorCount += 1;
      if (report.errors.length < MAX_REPORTED_ERRORS) report.errors.push({ row, reason: mapped.reason });
    }
  }
  return report;
}

/** Every bad row of the sheet, without writing anything. */
export function dryRun(keys: DatabaseKeys, source: AsyncIterable<SheetRow>): Promise<ImportReport> {
  return validate(keys, source);
}

export interface ImportOptions {
  companyId: number;
  batchId: string;
  keys: DatabaseKeys;
  /** Opens the sheet's rows (read once). */
  source: () => AsyncIterable<SheetRow>;
  onProgress?: (done: number, total: number) => Promise<void> | void;
}

/** Dry run, then (with no bad rows) the write. Returns the dry run's report; rows are written only if it is clean. */
export async function runImport(db: Db, opts: ImportOptions): Promise<ImportReport> {
  const dir = await mkdtemp(join(tmpdir(), "taller-import-"));
  const spoolPath = join(dir, "rows.jsonl");
  try {
    const spool = createWriteStream(spoolPath);
    const spooled = once(spool, "close");
    const report = await validate(opts.keys, opts.source(), async (row) => {
      if (!spool.write(`${JSON.stringify(row)}\n`)) await once(spool, "drain");
    });
    spool.end();
    await spooled;
    if (report.errorCount > 0) return report;

    let done = 0;
    const write = async (rows: MappedRow[]) => {
      await writeBatch(db, opts.companyId, opts.batchId, rows);
      done += rows.length;
      await opts.onProgress?.(done, report.rows);
    };
    // The next batch is read and parsed while the database writes the previous one (two cores, two workers); the
    // writes themselves stay one at a time and in order.
    let writing: Promise<void> = Promise.resolve();
    let batch: MappedRow[] = [];
    for await (const line of createInterface({ input: createReadStream(spoolPath), crlfDelay: Infinity })) {
      batch.push(JSON.parse(line) as MappedRow);
      if (batch.length >= IMPORT_BATCH_ROWS) {
        const full = batch;
        batch = [];
        await writing;
        writing = write(full);
        // Handled by the `await writing` above or below; this only keeps the rejection from counting as unhandled.
        writing.catch(() => undefined);
      }
    }
    await writing;
    if (batch.length) await write(batch);
    return report;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
