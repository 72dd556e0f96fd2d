/**
 * 'Deshacer importación' on a connection: queues the undo of its last import (the job in runner.ts runs it: it
 * deletes the rows that import created and nothing points at, see import/rollback.ts). Once per import: a second
 * click while it is queued or running changes nothing, and an undone import cannot be undone again. Refused while
 * the import itself is pending or running.
 */
import { databaseConnections } from "@taller/db";
import { managerProcedure, TRPCError } from "@taller/trpc";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { connectionIdSchema } from "./remove-connection";

const REFUSED: Record<string, string> = {
  pending: "La importación aún no termina; espera a que termine",
  connecting: "La importación aún no termina; espera a que termine",
  undone: "Esta importación ya se deshizo",
};

export const undoImport = managerProcedure.input(connectionIdSchema).mutation(async ({ ctx, input }) => {
  const returning = { id: databaseConnections.id, status: databaseConnections.status };
  const [queued] = await ctx.db
    .update(databaseConnections)
    .set({ status: "undo_pending", rollback: null, startedAt: null, heartbeatAt: null, finishedAt: null })
    .where(
      and(
        eq(databaseConnections.id, input.connectionId),
        inArray(databaseConnections.status, ["connected", "failed"]),
        isNotNull(databaseConnections.batchId),
      ),
    )
    .returning(returning);
  if (queued) return queued;
  const [current] = await ctx.db
    .select(returning)
    .from(databaseConnections)
    .where(eq(databaseConnections.id, input.connectionId));
  if (!current) throw new TRPCError({ code: "NOT_FOUND", message: "Conexión no encontrada" });
  if (current.status === "undo_pending" || current.status === "undoing") return current;
  throw new TRPCError({
    code: "CONFLICT",
    message: REFUSED[current.status] ?? "Esta conexión no tiene una importación que deshacer",
  });
});
