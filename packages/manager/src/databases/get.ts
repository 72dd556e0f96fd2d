/** The existing database view: its fields and its 'Conexiones' with each import's progress and refused rows. */
import { companies, databaseConnections, managerDatabases } from "@taller/db";
import { managerProcedure, TRPCError } from "@taller/trpc";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";

export const databaseIdSchema = z.object({
  id: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const get = managerProcedure.input(databaseIdSchema).query(async ({ ctx, input }) => {
  const [database] = await ctx.db
    .select({
      id: managerDatabases.id,
      name: managerDatabases.name,
      dbType: managerDatabases.dbType,
      sheet: managerDatabases.sheet,
      sheets: managerDatabases.sheets,
      keys: managerDatabases.keys,
      fileKey: managerDatabases.fileKey,
      rowCount: managerDatabases.rowCount,
    })
    .from(managerDatabases)
    .where(eq(managerDatabases.id, input.id));
  if (!database) throw new TRPCError({ code: "NOT_FOUND", message: "Base de datos no encontrada" });
  const connections = await ctx.db
    .select({
      id: databaseConnections.id,
      companyId: databaseConnections.companyId,
      companyName: companies.name,
      status: databaseConnections.status,
      rowsDone: databaseConnections.rowsDone,
      rowsTotal: databaseConnections.rowsTotal,
      errors: databaseConnections.errors,
      rollback: databaseConnections.rollback,
      batchId: databaseConnections.batchId,
      finishedAt: databaseConnections.finishedAt,
    })
    .from(databaseConnections)
    .innerJoin(companies, eq(companies.id, databaseConnections.companyId))
    .where(eq(databaseConnections.managerDatabaseId, input.id))
    .orderBy(asc(companies.name));
  return { ...database, connections };
});
