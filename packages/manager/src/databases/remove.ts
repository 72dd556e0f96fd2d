/**
 * 'Eliminar base de datos' (seed 002 section 7.4): the database, its connections and its files (the sheet's JSON and
 * the workbook). What its imports wrote stays in the companies: it is their data now ('Deshacer importación' first
 * removes it). Refused while one of its connections is importing or undoing, whose job reads or writes under it.
 */
import { databaseConnections, managerDatabases } from "@taller/db";
import { managerProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { eq } from "drizzle-orm";
import { forgetBatches } from "../import/rollback";
import { deleteDatabaseFiles } from "./files";
import { databaseIdSchema } from "./get";
import { busyConnection } from "./remove-connection";

export const remove = managerProcedure.input(databaseIdSchema).mutation(({ ctx, input }) =>
  withTransaction(ctx, async (tx) => {
    const [database] = await tx.db
      .select({ fileKey: managerDatabases.fileKey, workbookKey: managerDatabases.workbookKey })
      .from(managerDatabases)
      .where(eq(managerDatabases.id, input.id))
      .for("update");
    if (!database) throw new TRPCError({ code: "NOT_FOUND", message: "Base de datos no encontrada" });
    // Locked: the job (SKIP LOCKED) cannot claim one of them until this commits, and then they are gone.
    const connections = await tx.db
      .select({
        status: databaseConnections.status,
        companyId: databaseConnections.companyId,
        batchId: databaseConnections.batchId,
      })
      .from(databaseConnections)
      .where(eq(databaseConnections.managerDatabaseId, input.id))
      .for("update");
    const busy = connections.map((c) => busyConnection(c.status)).find((reason) => reason !== null);
    if (busy) throw new TRPCError({ code: "CONFLICT", message: busy });
    // Their batches can no longer be undone: their records of created and overwritten rows go too.
    await forgetBatches(tx.db, connections);
    await tx.db.delete(managerDatabases).where(eq(managerDatabases.id, input.id));
    tx.afterCommit(() => void deleteDatabaseFiles([database.fileKey, database.workbookKey]));
    return { id: input.id };
  }),
);
