// What statuses.delete and requirements.delete share: a row of the caller's company is deleted only when no
// document names it, checked under the row's lock (a document written meanwhile waits, then finds it gone).
import { queryRows } from "@taller/db";
import { can, staffProcedure, TRPCError, userError, withTransaction } from "@taller/trpc";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { id } from "./inputs";
import { emitSetupChanged } from "./setup-changes";

/** The delete procedure of a setup table; `inUse` is a condition on its row `r`. */
export function deleteUnusedProcedure(table: "statuses" | "requirements", inUse: SQL, texts: { notFound: string; inUse: string }) {
  return staffProcedure
    .use(can("destroy", "manager"))
    .input(z.object({ id }))
    .mutation(({ ctx, input }) =>
      withTransaction(ctx, async (tx) => {
        const [found] = await queryRows<{ in_use: boolean }>(
          tx.db,
          sql`SELECT ${inUse} AS in_use FROM ${sql.identifier(table)} r WHERE r.company_id = ${ctx.companyId} AND r.id = ${input.id} FOR UPDATE`,
        );
        if (!found) throw new TRPCError({ code: "NOT_FOUND", message: texts.notFound });
        if (found.in_use) throw userError("CONFLICT", texts.inUse);
        await tx.db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE company_id = ${ctx.companyId} AND id = ${input.id}`);
        await emitSetupChanged(tx, ctx.companyId, table);
        return { id: input.id };
      }),
    );
}
