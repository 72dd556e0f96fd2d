/**
 * The worker thread of parse.ts: reads the workbook it is given and posts the answer, or `{ ok: false }` when the
 * file is not a workbook exceljs can read. Running out of its memory ends the thread, which parse.ts reports.
 */
import { Readable } from "node:stream";
import { parentPort, workerData } from "node:worker_threads";
import { cellText } from "./map";
import type { ParseTask, WorkerMessage } from "./parse";
import { readSheet, summarizeWorkbook } from "./sheet";

/** The bytes as exceljs reads them (a Buffer arrives here as a plain Uint8Array). */
const streamOf = (bytes: Uint8Array) => Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);

/** One row per line, so the import job reads it a line at a time (databases/files.ts `jsonRows`). */
async function sheetJson(bytes: Uint8Array, sheet: string) {
  // Kept as UTF-8 bytes as they are made: a string per row and their join would hold the sheet three times over.
  const chunks: Buffer[] = [Buffer.from("[\n")];
  let rows = 0;
  for await (const { row, values } of readSheet(streamOf(bytes), sheet)) {
    const texts: Record<string, string | null> = {};
    for (const [column, value] of Object.entries(values)) texts[column] = cellText(value);
    chunks.push(Buffer.from(`${rows > 0 ? ",\n" : ""}${JSON.stringify({ row, values: texts })}`));
    rows += 1;
  }
  chunks.push(Buffer.from("\n]\n"));
  return { json: new Uint8Array(Buffer.concat(chunks)), rows };
}

async function run(task: ParseTask): Promise<unknown> {
  if (task.kind === "summary") return summarizeWorkbook(streamOf(task.bytes));
  return sheetJson(task.bytes, task.sheet);
}

run(workerData as ParseTask).then(
  (answer) => parentPort?.postMessage({ ok: true, answer } satisfies WorkerMessage),
  () => parentPort?.postMessage({ ok: false } satisfies WorkerMessage),
);
