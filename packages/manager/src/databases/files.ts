/**
 * The databases' files in the server's file store (seed 002 section 7.4): the uploaded workbook as
 * `databases/{random}.xlsx`, and the chosen sheet as JSON in `databases/{random}.json`. The JSON is an array with one
 * row per line, so the import job reads it a line at a time (never the whole sheet in memory) and never parses the
 * workbook again. The workbook stays so that 'Hoja' can be switched to another of its sheets without a new upload.
 */
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { isDatabaseFileKey } from "@taller/core";
import { TRPCError } from "@taller/trpc";
import { parseWorkbook } from "../import/parse";
import type { SheetRow, SheetSummary } from "../import/sheet";
import { checkWorkbookZip } from "../import/zip-guard";

/** What the manager needs of the server's file store (apps/server's FileStore has this shape). */
export interface DatabaseFileStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Readable | null>;
  /** Removes the key's bytes; a key that is not there is not an error. */
  delete(key: string): Promise<void>;
}

let store: DatabaseFileStore | null = null;

/** The server hands its file store over at start (tests hand a temporary one). */
export function configureDatabaseFiles(files: DatabaseFileStore): void {
  store = files;
}

function files(): DatabaseFileStore {
  if (!store) throw new Error("configureDatabaseFiles was not called");
  return store;
}

const newKey = (ext: "json" | "xlsx") => `databases/${randomBytes(18).toString("base64url")}.${ext}`;

async function open(key: string): Promise<Readable> {
  const stream = isDatabaseFileKey(key) ? await files().get(key) : null;
  if (!stream)
    throw new TRPCError({ code: "NOT_FOUND", message: "El archivo ya no está disponible. Vuelve a subir el Excel." });
  return stream;
}

/**
 * A stored workbook to read, once its zip is known to inflate within the limits (a file kept before the check
 * existed is checked too). Stored workbooks are at most MAX_DATABASE_WORKBOOK_BYTES: held whole while read.
 */
async function openWorkbook(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await open(key)) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const refused = await checkWorkbookZip(bytes);
  if (refused) throw new TRPCError({ code: "BAD_REQUEST", message: refused });
  return bytes;
}

export type StagedWorkbook = { ok: true; upload: string; sheets: SheetSummary[] } | { ok: false; reason: string };

/** An uploaded workbook: its sheets (name, header, rows present) and the key it is kept under. */
export async function stageWorkbook(bytes: Uint8Array): Promise<StagedWorkbook> {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const refused = await checkWorkbookZip(zip);
  if (refused) return { ok: false, reason: refused };
  let sheets: SheetSummary[];
  try {
    sheets = await parseWorkbook({ kind: "summary", bytes: zip });
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  const usable = sheets.filter((s) => s.columns.length > 0);
  if (usable.length === 0) return { ok: false, reason: "El Excel no tiene hojas con datos" };
  const upload = newKey("xlsx");
  await files().put(upload, bytes);
  return { ok: true, upload, sheets: usable };
}

/** The sheets of a stored workbook that have a header row (name, header, rows present). */
export async function workbookSheets(workbookKey: string): Promise<SheetSummary[]> {
  const bytes = await openWorkbook(workbookKey);
  return (await parseWorkbook({ kind: "summary", bytes })).filter((s) => s.columns.length > 0);
}

/** Writes one sheet of a stored workbook as JSON (one row per line); answers its key and the rows written. */
export async function sheetToJson(workbookKey: string, sheet: string): Promise<{ fileKey: string; rows: number }> {
  const { json, rows } = await parseWorkbook({ kind: "json", bytes: await openWorkbook(workbookKey), sheet });
  const fileKey = newKey("json");
  await files().put(fileKey, json);
  return { fileKey, rows };
}

/**
 * Removes files a database no longer uses (after the change that dropped them committed). A file left behind by a
 * failure here is only disk, never data, so a failure does not undo the change.
 */
export async function deleteDatabaseFiles(keys: string[]): Promise<void> {
  await Promise.all(
    keys.filter(isDatabaseFileKey).map((key) =>
      files()
        .delete(key)
        .catch(() => undefined),
    ),
  );
}

/** The rows of a sheet's JSON, one line at a time. */
export async function* jsonRows(fileKey: string): AsyncGenerator<SheetRow> {
  const lines = createInterface({ input: await open(fileKey), crlfDelay: Infinity });
  for await (const line of lines) {
    const item = line.endsWith(",") ? line.slice(0, -1) : line;
    if (item === "[" || item === "]" || item === "") continue;
    yield JSON.parse(item) as SheetRow;
  }
}
