// A work's state only moves forward: created -> started -> completed. Each move is one conditional UPDATE, so two
// screens pressing at once (or a retry) move it once; a move already made answers the work as it is, without an event.
import { withTransaction, type Context, TRPCError } from "@taller/trpc";
import { queryRows } from "@taller/db";
import { sql, type SQL } from "drizzle-orm";
import { selectWork, type Work } from "./rows";

type Ctx = Pick<Context, "db" | "bus"> & { companyId: number };

const MOVES = {
  start: sql`started_at = now()`,
  // Completing a work that was never started starts it at the same instant. now() is when this transaction began: a
  // start that committed while this one waited for the row can be later, and completion never precedes the start.
  complete: sql`started_at = coalesce(started_at, now()), completed_at = greatest(now(), started_at)`,
} as const;
const PENDING = {
  start: sql`started_at IS NULL AND completed_at IS NULL`,
  complete: sql`completed_at IS NULL`,
} as const;

/** Starts or completes work `id` if `allowed` (a condition over `works w`) lets the caller; NOT_FOUND otherwise. */
export async function moveWork(ctx: Ctx, id: number, move: keyof typeof MOVES, allowed: SQL): Promise<Work> {
  return withTransaction(ctx, async (tx) => {
    const [moved] = await queryRows<{ id: number; document_type: string; document_id: number }>(
      tx.db,
      sql`UPDATE works w SET ${MOVES[move]}
          WHERE w.company_id = ${ctx.companyId} AND w.id = ${id} AND ${allowed} AND ${PENDING[move]}
          RETURNING w.id, w.document_type, w.document_id`,
    );
    if (moved) {
      await tx.emit({
        type: "work.changed",
        companyId: ctx.companyId,
        payload: { ids: [moved.id], documentType: moved.document_type, documentId: moved.document_id },
      });
    }
    const work = await selectWork(tx.db, ctx.companyId, id, allowed);
    if (!work) throw new TRPCError({ code: "NOT_FOUND", message: "Trabajo no encontrado" });
    return work;
  });
}
