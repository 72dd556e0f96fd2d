/**
 * The background job of 'Conectar': a connection goes pending -> connecting -> connected, or failed with the rows the
 * dry run refused and why. A runner claims one connection with FOR UPDATE SKIP LOCKED, so two servers never run the
 * same one; while it works it bumps `heartbeat_at`, and a connecting row whose heartbeat stopped (the server died or
 * restarted) is claimed again after STALE_MS. A retry keeps the connection's batch id and the import upserts, so a
 * retried or repeated import writes nothing twice. Every write of the runner names its batch id, so a runner that
 * lost its claim changes nothing.
 */
import { randomUUID } from "node:crypto";
import { databaseConnections, managerDatabases, queryRows, type Db } from "@taller/db";
import type { JobLogger } from "@taller/trpc";
import { and, eq, sql } from "drizzle-orm";
import { runImport } from "../import/run";
import { jsonRows } from "./files";

/** A connecting row without a heartbeat for this long belongs to a runner that is gone. */
export const STALE_MS = 60_000;
const HEARTBEAT_MS = 10_000;

interface Claimed {
  id: number;
  company_id: number;
  manager_database_id: number;
  batch_id: string;
}

/** Claims the next runnable connection (pending, or connecting with a stale heartbeat), or null. */
export async function claimConnection(db: Db, now = new Date()): Promise<Claimed | null> {
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - STALE_MS).toISOString();
  const [row] = await queryRows<Claimed>(
    db,
    sql`UPDATE database_connections SET status = 'connecting', batch_id = coalesce(batch_id, ${randomUUID()}),
          started_at = ${at}::timestamptz, heartbeat_at = ${at}::timestamptz, rows_done = 0, errors = '[]'::jsonb, finished_at = NULL
        WHERE id = (
          SELECT id FROM database_connections
          WHERE status = 'pending' OR (status = 'connecting' AND heartbeat_at < ${staleBefore}::timestamptz)
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, company_id, manager_database_id, batch_id`,
  );
  return row ?? null;
}

/** Runs one claimed connection's import to its end state. */
export async function runConnection(db: Db, claimed: Claimed): Promise<"connected" | "failed"> {
  const mine = and(eq(databaseConnections.id, claimed.id), eq(databaseConnections.batchId, claimed.batch_id), eq(databaseConnections.status, "connecting"));
  const heartbeat = setInterval(() => {
    void db.update(databaseConnections).set({ heartbeatAt: new Date() }).where(mine).catch(() => undefined);
  }, HEARTBEAT_MS);
  try {
    const [database] = await db
      .select({ keys: managerDatabases.keys, fileKey: managerDatabases.fileKey, rowCount: managerDatabases.rowCount })
      .from(managerDatabases)
      .where(eq(managerDatabases.id, claimed.manager_database_id));
    if (!database) return "failed"; // deleted meanwhile: its connections went with it (cascade)
    await db.update(databaseConnections).set({ rowsTotal: database.rowCount }).where(mine);
    const report = await runImport(db, {
      companyId: claimed.company_id,
      batchId: claimed.batch_id,
      keys: database.keys,
      source: () => jsonRows(database.fileKey),
      onProgress: async (done, total) => {
        await db.update(databaseConnections).set({ rowsDone: done, rowsTotal: total, heartbeatAt: new Date() }).where(mine);
      },
    });
    const failed = report.errorCount > 0;
    await db
      .update(databaseConnections)
      .set({ status: failed ? "failed" : "connected", errors: report.errors, rowsTotal: report.rows, finishedAt: new Date() })
      .where(mine);
    return failed ? "failed" : "connected";
  } catch (err) {
    await db
      .update(databaseConnections)
      .set({ status: "failed", errors: [{ row: 0, reason: "La importación se interrumpió por un error interno; vuelve a conectar" }], finishedAt: new Date() })
      .where(mine);
    throw err;
  } finally {
    clearInterval(heartbeat);
  }
}

/** Claims and runs connections until none is runnable; answers how many ran. */
export async function runPendingImports(db: Db, logger?: JobLogger): Promise<number> {
  let ran = 0;
  for (let claimed = await claimConnection(db); claimed; claimed = await claimConnection(db)) {
    // Already recorded as failed on the connection; the next connection still runs.
    await runConnection(db, claimed).catch((err: unknown) => logger?.error({ job: "manager.imports", connection: claimed.id, err }, "import failed"));
    ran += 1;
  }
  return ran;
}

/**
 * Polls for runnable connections every `everyMs` (one runner per process; SKIP LOCKED shares the work between
 * processes). `stop()` waits for the import in progress; one cut short by a crash is claimed again (STALE_MS).
 */
export function startDatabaseImports(db: Db, logger: JobLogger, everyMs = 2_000): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = runPendingImports(db, logger)
      .then((ran) => {
        if (ran > 0) logger.info({ job: "manager.imports", ran }, "job ran");
      })
      .catch((err: unknown) => logger.error({ job: "manager.imports", err }, "job failed"))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs).unref();
      });
  };
  timer = setTimeout(tick, everyMs).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
