/**
 * An import of a sheet into a company: a dry run over every row first (each bad row reported with its row number and
 * reason, nothing written), then, only when no row failed, the write in batches under one batch id. Progress is
 * reported after each batch. Rows are streamed from `source` both times, never held together.
 */
import type { DatabaseKeys } from "@taller/core";
import type { Db, ImportRowError } from "@taller/db";
import { mapRow, type MappedRow } from "./map";
import type { SheetRow } from "./sheet";
import { writeBatch } from "./write";

/** Rows per write: large enough for few round trips, small enough to keep a transaction short. */
export const IMPORT_BATCH_ROWS = 1000;
/** Bad rows kept in a report: enough to fix a sheet; the count says how many there were. */
export const MAX_REPORTED_ERRORS = 1000;

export interface ImportReport {
  rows: number;
  errors: ImportRowError[];
  errorCount: number;
}

/** Every bad row of the sheet, without writing anything. */
export async function dryRun(keys: DatabaseKeys, source: AsyncIterable<SheetRow>): Promise<ImportReport> {
  const report: ImportReport = { rows: 0, errors: [], errorCount: 0 };
  for await (const { row, values } of source) {
    report.rows += 1;
    const mapped = mapRow(keys, values);
    if (!mapped.ok) {
      report.errorCount += 1;
      if (report.errors.length < MAX_REPORTED_ERRORS) report.errors.push({ row, reason: mapped.reason });
    }
  }
  return report;
}

export interface ImportOptions {
  companyId: number;
  batchId: string;
  keys: DatabaseKeys;
  /** Opens the sheet's rows (called twice: the dry run and the write). */
  source: () => AsyncIterable<SheetRow>;
  onProgress?: (done: number, total: number) => Promise<void> | void;
}

/** Dry run, then (with no bad rows) the write. Returns the dry run's report; rows are written only if it is clean. */
export async function runImport(db: Db, opts: ImportOptions): Promise<ImportReport> {
  const report = await dryRun(opts.keys, opts.source());
  if (report.errorCount > 0) return report;
  let batch: MappedRow[] = [];
  let done = 0;
  const flush = async () => {
    await writeBatch(db, opts.companyId, opts.batchId, batch);
    done += batch.length;
    batch = [];
    await opts.onProgress?.(done, report.rows);
  };
  for await (const { values } of opts.source()) {
    const mapped = mapRow(opts.keys, values);
    // The dry run refused none; a row that fails now would mean the source changed between the passes.
    if (!mapped.ok) throw new Error("the sheet changed during the import");
    batch.push(mapped.row);
    if (batch.length >= IMPORT_BATCH_ROWS) await flush();
  }
  if (batch.length) await flush();
  return report;
}
