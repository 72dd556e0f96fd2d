/**
 * 'Quitar conexión': removes a database's link to a company. The rows its import wrote stay in the company (undo the
 * import first to remove them); the record of what it created and overwrote goes, since nothing can undo it
 * afterwards. Refused while the connection's job is importing or undoing.
 */
import type { ConnectionStatusValue } from "@taller/db";
import { databaseConnections } from "@taller/db";
import { managerProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { forgetBatches } from "../import/rollback";

export const connectionIdSchema = z.object({
  connectionId: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** Why a connection in this state cannot be removed or reset now (its job runs, or an undo waits for it), or null. */
export function busyConnection(status: ConnectionStatusValue): string | null {
  if (status === "connecting") return "Hay una importación en curso; espera a que termine";
  if (status === "undo_pending" || status === "undoing")
    return "Se está deshaciendo una importación; espera a que termine";
  return null;
}

export const removeConnection = managerProcedure.input(connectionIdSchema).mutation(({ ctx, input }) =>
  withTransaction(ctx, async (tx) => {
    const [connection] = await tx.db
      .select({
        status: databaseConnections.status,
        companyId: databaseConnections.companyId,
        batchId: databaseConnections.batchId,
      })
      .from(databaseConnections)
      .where(eq(databaseConnections.id, input.connectionId))
      .for("update");
    if (!connection) throw new TRPCError({ code: "NOT_FOUND", message: "Conexión no encontrada" });
    const busy = busyConnection(connection.status);
    if (busy) throw new TRPCError({ code: "CONFLICT", message: busy });
    await forgetBatches(tx.db, [connection]);
    await tx.db.delete(databaseConnections).where(eq(databaseConnections.id, input.connectionId));
    return { id: input.connectionId };
  }),
);
