/**
 * An import of a sheet into a company: every row is mapped and validated as it streams by (the dry run: each bad row
 * reported with its row number and reason); only when no row failed are the rows written, in batches under one batch
 * id, with progress after each batch; nothing is written otherwise. Neither the sheet nor its rows are ever held in
 * memory. The write reads the rows a second time: from the source when it is the database's JSON (cheap to read),
 * from a spool of the dry run's mapped rows (a temporary file, one JSON line each) when it is a workbook, whose
 * parsing costs far more than reading JSON lines back.
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
import { writeRecords, writeVehicles, WrittenProducts } from "./write";

/** Rows per write: few round trips and transactions, while the three batches of the pipeline stay a few MB. */
export const IMPORT_BATCH_ROWS = 5000;
/** Bad rows kept in a report: enough to fix a sheet; the count says how many there were. */
export const MAX_REPORTED_ERRORS = 1000;

export interface ImportReport {
  rows: number;
  errors: ImportRowError[];
  errorCount: number;
}

/** Maps every row, counting and reporting the bad ones; `onGood` receives each good row in order. */
async function validate(
  keys: DatabaseKeys,
  source: AsyncIterable<SheetRow>,
  onGood?: (row: MappedRow) => Promise<void> | void,
): Promise<ImportReport> {
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
  /** Opens the sheet's rows (read once, or twice when `rereadable`). */
  source: () => AsyncIterable<SheetRow>;
  onProgress?: (done: number, total: number) => Promise<void> | void;
  /**
   * The source is cheap to open again (the database's JSON in the file store, not a workbook): the write reads it
   * a second time instead of a spool of the dry run's rows.
   */
  rereadable?: boolean;
  /** Rows per batch (IMPORT_BATCH_ROWS; tests take fewer to run several batches through the pipeline). */
  batchRows?: number;
}

/**
 * Dry run, then (with no bad rows) the write. Returns the dry run's report; rows are written only if it is clean.
 * The write reads the rows again from the source when it is `rereadable`, else from a spool the dry run wrote.
 */
export async function runImport(db: Db, opts: ImportOptions): Promise<ImportReport> {
  if (opts.rereadable) {
    const report = await validate(opts.keys, opts.source());
    if (report.errorCount === 0) await writeRows(db, opts, report, remapped(opts.keys, opts.source()));
    return report;
  }
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
    if (report.errorCount === 0) await writeRows(db, opts, report, spoolRows(spoolPath));
    return report;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The dry run's spool, row by row. */
async function* spoolRows(path: string): AsyncGenerator<MappedRow> {
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity }))
    yield JSON.parse(line) as MappedRow;
}

/** A source the dry run found clean, mapped again. */
async function* remapped(keys: DatabaseKeys, source: AsyncIterable<SheetRow>): AsyncGenerator<MappedRow> {
  for await (const { row, values } of source) {
    const mapped = mapRow(keys, values);
    // The file store's JSON never changes under a key; a row that maps differently now means it did.
    if (!mapped.ok) throw new Error(`La fila ${row} cambió desde la validación`);
    yield mapped.row;
  }
}

/**
 * Writes validated rows in batches, in a pipeline: the next batch is read and parsed while the database writes one
 * batch's records (clients, products, ...) on one connection and the batch before's vehicles on another. Each stage
 * writes its batches one at a time and in order; a batch's vehicles wait for its records (they refer to them). A
 * batch's vehicles open their transaction as soon as its records are written and queue in the database for the
 * vehicles lock the batch before holds, so they start writing the moment it commits, not a few round trips later.
 */
async function writeRows(
  db: Db,
  opts: ImportOptions,
  report: ImportReport,
  rows: AsyncIterable<MappedRow>,
): Promise<void> {
  let done = 0;
  const products = new WrittenProducts();
  let records: Promise<unknown> = Promise.resolve();
  // The last batch's vehicles: written (committed), and holding the lock (settles too if they ended without it).
  let vehicles: Promise<void> = Promise.resolve();
  let vehiclesLocked: Promise<void> = Promise.resolve();
  // The vehicles of the batch before the last: each batch's records wait for them (memory stays a few batches).
  let vehiclesBefore: Promise<void> = Promise.resolve();
  // Progress is told batch after batch, in order, off the vehicles' path; the next records wait for the batch
  // before's, as for its vehicles, so a progress that fails (the job's row, the pool) stops the import there.
  let progress: Promise<void> = Promise.resolve();
  let progressBefore: Promise<void> = Promise.resolve();
  const write = async (rows: MappedRow[]) => {
    await Promise.all([records, vehiclesBefore, progressBefore]);
    const ids = writeRecords(db, opts.companyId, opts.batchId, rows, products);
    const previous = vehicles;
    const previousLocked = vehiclesLocked;
    let onLocked = () => {};
    const locked = new Promise<void>((resolve) => (onLocked = resolve));
    const batchVehicles = (async () => {
      const written = await ids;
      // Queued only behind a batch that holds the lock already, so the lock's queue keeps the batches' order.
      await previousLocked;
      await writeVehicles(db, opts.companyId, opts.batchId, rows, written, { after: previous, onLocked });
    })();
    records = ids;
    vehiclesBefore = previous;
    vehicles = batchVehicles;
    vehiclesLocked = Promise.race([locked, batchVehicles.then(noop, noop)]);
    const count = rows.length;
    progressBefore = progress;
    progress = progress.then(async () => {
      await batchVehicles;
      done += count;
      await opts.onProgress?.(done, report.rows);
    });
    // All are awaited by a later write or the end; this only keeps a rejection meanwhile from counting as unhandled.
    for (const p of [records, vehicles, progress]) p.catch(noop);
  };
  try {
    let batch: MappedRow[] = [];
    for await (const row of rows) {
      batch.push(row);
      if (batch.length >= (opts.batchRows ?? IMPORT_BATCH_ROWS)) {
        await write(batch);
        batch = [];
      }
    }
    if (batch.length) await write(batch);
    await Promise.all([records, vehicles, progress]);
  } catch (err) {
    // No transaction outlives the import: what is still running ends (commits or not) before the failure is told.
    // Rows the stages committed are recorded under the batch id, for the undo; a retry upserts them again.
    await Promise.allSettled([records, vehiclesBefore, vehicles, progressBefore, progress]);
    throw err;
  }
}

const noop = () => undefined;
