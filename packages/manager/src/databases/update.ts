/**
 * The existing database view's save: Nombre and Hoja are editable, and 'ACTUALIZAR' brings a new workbook that
 * replaces the data. When the data changes, every connection goes back to Pendiente so the job imports the new rows
 * (the import upserts, so rows already there are not duplicated), and the files it replaced are deleted. Refused
 * while an import or an undo is queued or running on one of them.
 */
import { databaseNameSchema, databaseSheetSchema } from "@taller/core";
import { databaseConnections, managerDatabases } from "@taller/db";
import { managerProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { eq } from "drizzle-orm";
import { uploadKeySchema } from "./create";
import { deleteDatabaseFiles } from "./files";
import { databaseIdSchema } from "./get";
import { busyConnection } from "./remove-connection";
import { sheetData } from "./sheet-data";
import { forgetBatches } from "../import/rollback";

export const update = managerProcedure
  .input(
    databaseIdSchema.extend({
      name: databaseNameSchema,
      sheet: databaseSheetSchema,
      upload: uploadKeySchema.optional(),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const [current] = await ctx.db.select().from(managerDatabases).where(eq(managerDatabases.id, input.id));
    if (!current) throw new TRPCError({ code: "NOT_FOUND", message: "Base de datos no encontrada" });
    const workbookKey = input.upload ?? current.workbookKey;
    const dataChanged = workbookKey !== current.workbookKey || input.sheet !== current.sheet;
    // Written before the transaction (file store, not the database); an unused copy is only disk.
    const data = dataChanged ? await sheetData(workbookKey, input.sheet, current.keys) : null;
    return withTransaction(ctx, async (tx) => {
      // The connections' locks keep the job from claiming one while the data changes under it.
      const connections = await tx.db
        .select({
          status: databaseConnections.status,
          companyId: databaseConnections.companyId,
          batchId: databaseConnections.batchId,
        })
        .from(databaseConnections)
        .where(eq(databaseConnections.managerDatabaseId, input.id))
        .for("update");
      const busy = data ? connections.map((c) => busyConnection(c.status)).find((reason) => reason !== null) : null;
      if (busy) throw new TRPCError({ code: "CONFLICT", message: busy });
      await tx.db
        .update(managerDatabases)
        .set({ name: input.name, sheet: input.sheet, workbookKey, ...data })
        .where(eq(managerDatabases.id, input.id));
      if (data) {
        // Their imports can no longer be undone once the data is replaced.
        await forgetBatches(tx.db, connections);
        const replaced = [current.fileKey, ...(workbookKey === current.workbookKey ? [] : [current.workbookKey])];
        tx.afterCommit(() => void deleteDatabaseFiles(replaced));
        await tx.db
          .update(databaseConnections)
          .set({
            status: "pending",
            batchId: null,
            rowsDone: 0,
            rowsTotal: 0,
            errors: [],
            rollback: null,
            finishedAt: null,
          })
          .where(eq(databaseConnections.managerDatabaseId, input.id));
      }
      return { id: input.id };
    });
  });
