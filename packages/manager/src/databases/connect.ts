/**
 * 'Compañia' + 'Conectar': queues the import of the database into the company (the job in runner.ts runs it). A
 * second click, or two operators at once, while it is Pendiente or Conectando changes nothing; once it is Conectado
 * (or failed, or undone) a click queues it again, and the import's upserts make the rows already there stay single.
 */
import { companies, type ConnectionStatusValue, databaseConnections, managerDatabases } from "@taller/db";
import { managerProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { forgetBatches } from "../import/rollback";

/** States a click on 'Conectar' starts a fresh import from. */
const FINISHED: ConnectionStatusValue[] = ["connected", "failed", "undone"];

const ID = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

export const connect = managerProcedure
  .input(
    z.object({
      databaseId: ID,
      companyId: z
        .number({ error: "Selecciona la compañía" })
        .int()
        .positive()
        .max(2 ** 31 - 1),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const [database] = await ctx.db
      .select({ id: managerDatabases.id })
      .from(managerDatabases)
      .where(eq(managerDatabases.id, input.databaseId));
    if (!database) throw new TRPCError({ code: "NOT_FOUND", message: "Base de datos no encontrada" });
    const [company] = await ctx.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, input.companyId));
    if (!company) throw new TRPCError({ code: "NOT_FOUND", message: "Compañía no encontrada" });
    const link = and(
      eq(databaseConnections.managerDatabaseId, input.databaseId),
      eq(databaseConnections.companyId, input.companyId),
    );
    return withTransaction(ctx, async (tx) => {
      const [current] = await tx.db
        .select({ status: databaseConnections.status, batchId: databaseConnections.batchId })
        .from(databaseConnections)
        .where(link)
        .for("update");
      // Only the latest import can be undone: a fresh one makes the previous one's records useless.
      if (current && FINISHED.includes(current.status))
        await forgetBatches(tx.db, [{ companyId: input.companyId, batchId: current.batchId }]);
      await tx.db
        .insert(databaseConnections)
        .values({ managerDatabaseId: input.databaseId, companyId: input.companyId })
        .onConflictDoUpdate({
          target: [databaseConnections.managerDatabaseId, databaseConnections.companyId],
          // A fresh import (new batch id) only from a finished state: a queued or running one is left alone.
          set: {
            status: "pending",
            batchId: null,
            rowsDone: 0,
            rowsTotal: 0,
            errors: [],
            rollback: null,
            startedAt: null,
            heartbeatAt: null,
            finishedAt: null,
          },
          setWhere: inArray(sql`${databaseConnections.status}`, FINISHED),
        });
      const [row] = await tx.db
        .select({ id: databaseConnections.id, status: databaseConnections.status })
        .from(databaseConnections)
        .where(link);
      return row;
    });
  });
