/**
 * The background job of the connections: 'Conectar' (pending -> connecting -> connected, or failed with the rows the
 * dry run refused and why) and 'Deshacer importación' (undo_pending -> undoing -> undone, once per import). A runner
 * claims one connection with FOR UPDATE SKIP LOCKED, so two servers never run the same one; while it works it bumps
 * `heartbeat_at`, and a connecting or undoing row whose heartbeat stopped (the server died or restarted) is claimed
 * again after STALE_MS. A retried import keeps the connection's batch id and upserts, so it writes nothing twice; an
 * undo is one transaction, so a retry starts from a clean state. Every write of the runner names its batch id and
 * state, so a runner that lost its claim changes nothing. An import or an undo that ends announces that the company's
 * clients and vehicles changed, so open lists refetch.
 */
import { randomUUID } from "node:crypto";
import { databaseConnections, managerDatabases, queryRows, type Db } from "@taller/db";
import type { EventBus, JobLogger } from "@taller/trpc";
import { and, eq, sql } from "drizzle-orm";
import { rollbackBatch } from "../import/rollback";
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
  status: "connecting" | "undoing";
}

/** Claims the next runnable connection (pending or undo_pending, or running with a stale heartbeat), or null. */
export async function claimConnection(db: Db, now = new Date()): Promise<Claimed | null> {
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - STALE_MS).toISOString();
  // On the right of SET, status is the row's state before this update.
  const [row] = await queryRows<Claimed>(
    db,
    sql`UPDATE database_connections SET
          status = CASE WHEN status IN ('pending', 'connecting') THEN 'connecting' ELSE 'undoing' END,
          batch_id = coalesce(batch_id, ${randomUUID()}),
          rows_done = CASE WHEN status IN ('pending', 'connecting') THEN 0 ELSE rows_done END,
          errors = CASE WHEN status IN ('pending', 'connecting') THEN '[]'::jsonb ELSE errors END,
          started_at = ${at}::timestamptz, heartbeat_at = ${at}::timestamptz, finished_at = NULL
        WHERE id = (
          SELECT id FROM database_connections
          WHERE status IN ('pending', 'undo_pending') OR (status IN ('connecting', 'undoing') AND heartbeat_at < ${staleBefore}::timestamptz)
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, company_id, manager_database_id, batch_id, status`,
  );
  return row ?? null;
}

/** Runs one claimed connection's import, or its undo, to its end state, and announces what changed. */
export async function runConnection(ctx: ImportContext, claimed: Claimed): Promise<"connected" | "failed" | "undone"> {
  const outcome = await runToEnd(ctx.db, claimed);
  if (outcome !== "failed") {
    for (const type of ["client.changed", "vehicle.changed"] as const)
      await ctx.bus.publish({ type, companyId: claimed.company_id, payload: { all: true } });
  }
  return outcome;
}

/** What the runner writes with and announces through. */
export interface ImportContext {
  db: Db;
  bus: EventBus;
}

async function runToEnd(db: Db, claimed: Claimed): Promise<"connected" | "failed" | "undone"> {
  const mine = and(
    eq(databaseConnections.id, claimed.id),
    eq(databaseConnections.batchId, claimed.batch_id),
    eq(databaseConnections.status, claimed.status),
  );
  const heartbeat = setInterval(() => {
    void db
      .update(databaseConnections)
      .set({ heartbeatAt: new Date() })
      .where(mine)
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  try {
    if (claimed.status === "undoing") {
      await db.transaction(async (tx) => {
        const rollback = await rollbackBatch(tx, claimed.company_id, claimed.batch_id);
        const [ended] = await tx
          .update(databaseConnections)
          .set({ status: "undone", rollback, finishedAt: new Date() })
          .where(mine)
          .returning({ id: databaseConnections.id });
        // The claim went to another runner: this one's deletions must not stand.
        if (!ended) throw new LostClaim();
      });
      return "undone";
    }
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
      rereadable: true,
      onProgress: async (done, total) => {
        await db
          .update(databaseConnections)
          .set({ rowsDone: done, rowsTotal: total, heartbeatAt: new Date() })
          .where(mine);
      },
    });
    const failed = report.errorCount > 0;
    await db
      .update(databaseConnections)
      .set({
        status: failed ? "failed" : "connected",
        errors: report.errors,
        rowsTotal: report.rows,
        finishedAt: new Date(),
      })
      .where(mine);
    return failed ? "failed" : "connected";
  } catch (err) {
    if (err instanceof LostClaim) return "undone";
    // An undo that broke leaves the import as it was: back to connected, with the reason, so it can be asked again.
    const undo = claimed.status === "undoing";
    await db
      .update(databaseConnections)
      .set({
        status: undo ? "connected" : "failed",
        errors: [
          {
            row: 0,
            reason: undo
              ? "No se pudo deshacer la importación por un error interno; vuelve a intentarlo"
              : "La importación se interrumpió por un error interno; vuelve a conectar",
          },
        ],
        finishedAt: new Date(),
      })
      .where(mine);
    throw err;
  } finally {
    clearInterval(heartbeat);
  }
}

class LostClaim extends Error {}

/** Claims and runs connections until none is runnable; answers how many ran. */
export async function runPendingImports(ctx: ImportContext, logger?: JobLogger): Promise<number> {
  let ran = 0;
  for (let claimed = await claimConnection(ctx.db); claimed; claimed = await claimConnection(ctx.db)) {
    // Already recorded as failed on the connection; the next connection still runs.
    await runConnection(ctx, claimed).catch((err: unknown) =>
      logger?.error({ job: "manager.imports", connection: claimed.id, err }, "import failed"),
    );
    ran += 1;
  }
  return ran;
}

/**
 * Polls for runnable connections every `everyMs` (one runner per process; SKIP LOCKED shares the work between
 * processes). `stop()` waits for the import in progress; one cut short by a crash is claimed again (STALE_MS).
 */
export function startDatabaseImports(
  ctx: ImportContext,
  logger: JobLogger,
  everyMs = 2_000,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = runPendingImports(ctx, logger)
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
