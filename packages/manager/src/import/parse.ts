/**
 * The workbook's parse (exceljs) runs in a worker thread with its own memory limits, so a file that still grows
 * past them once the zip guard let it through (zip-guard.ts) fails alone, with a Spanish message, instead of
 * taking the server's heap and every company with it. The worker is parse-worker.ts: bundled beside the server as
 * dist/workbook-worker.js (apps/server/build.mjs), run from its TypeScript source through tsx under tsx and vitest.
 *
 *   const sheets = await parseWorkbook({ kind: "summary", bytes });
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";
import { TRPCError } from "@taller/trpc";
import type { SheetSummary } from "./sheet";
import { WORKBOOK_ERRORS } from "./zip-guard";

export type ParseTask =
  | { kind: "summary"; bytes: Uint8Array }
  /** One sheet's rows as the JSON lines the import job reads (databases/files.ts). */
  | { kind: "json"; bytes: Uint8Array; sheet: string };

export type ParseAnswer<T extends ParseTask> = T extends { kind: "summary" }
  ? SheetSummary[]
  : { json: Uint8Array; rows: number };

/** What the worker posts back: its answer, or that the file could not be read. */
export type WorkerMessage = { ok: true; answer: unknown } | { ok: false };

/** The shared strings alone may inflate to 64 MB (WORKBOOK_LIMITS), held as JS strings while the rows are read. */
export const PARSE_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 512,
  maxYoungGenerationSizeMb: 64,
  stackSizeMb: 4,
};

export const PARSE_ERRORS = {
  ...WORKBOOK_ERRORS,
  outOfMemory: "El Excel necesita más memoria de la que se permite para leerlo: divídelo en archivos más pequeños",
} as const;

// Bundled, this module is part of dist/server.js (import.meta.filename; the bundle rewrites only import.meta.url),
// whose worker is beside it.
const bundled = !import.meta.filename.endsWith(".ts");

function startWorker(task: ParseTask, resourceLimits: ResourceLimits): Worker {
  if (bundled) return new Worker(join(import.meta.dirname, "workbook-worker.js"), { workerData: task, resourceLimits });
  // From source: Node 20's workers take no --import, so the thread registers tsx's loader itself (tsx is where the
  // sources run: under tsx or vitest).
  const tsx = JSON.stringify(createRequire(import.meta.url).resolve("tsx/cjs/api"));
  const source = JSON.stringify(fileURLToPath(new URL("./parse-worker.ts", import.meta.url)));
  return new Worker(`require(${tsx}).register(); require(${source});`, {
    eval: true,
    workerData: task,
    resourceLimits,
  });
}

/** Parses in a worker; a file that cannot be read, or needs more than `limits`, is a BAD_REQUEST in Spanish. */
export function parseWorkbook<T extends ParseTask>(task: T, limits = PARSE_LIMITS): Promise<ParseAnswer<T>> {
  return new Promise((resolve, reject) => {
    const refuse = (message: string) => reject(new TRPCError({ code: "BAD_REQUEST", message }));
    const worker = startWorker(task, limits);
    worker.once("message", (message: WorkerMessage) => {
      if (message.ok) resolve(message.answer as ParseAnswer<T>);
      else refuse(PARSE_ERRORS.notZip);
    });
    worker.once("error", (error: Error & { code?: string }) =>
      refuse(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? PARSE_ERRORS.outOfMemory : PARSE_ERRORS.notZip),
    );
    // Exiting without an answer (killed): settled once, whichever came first.
    worker.once("exit", () => refuse(PARSE_ERRORS.notZip));
  });
}
