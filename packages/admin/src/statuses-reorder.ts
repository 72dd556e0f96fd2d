import { ADMIN_SETUP_TEXTS, reorderStatusesSchema } from "@taller/core";
import { intArray, queryRows } from "@taller/db";
import { can, staffProcedure, TRPCError, userError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { emitSetupChanged } from "./setup-changes";

/**
 * Puts a type's statuses in the given order. The list must be exactly the company's statuses of that type (locked
 * for the transaction): an unknown id is not found, and a screen that missed a creation is told to reload.
 */
export const statusesReorder = staffProcedure
  .use(can("update", "manager"))
  .input(reorderStatusesSchema)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const current = await queryRows<{ id: number }>(
        tx.db,
        sql`SELECT id FROM statuses WHERE company_id = ${ctx.companyId} AND type = ${input.type} ORDER BY id FOR UPDATE`,
      );
      const known = new Set(current.map((s) => s.id));
      if (input.ids.some((i) => !known.has(i)))
        throw new TRPCError({ code: "NOT_FOUND", message: ADMIN_SETUP_TEXTS.statusNotFound });
      if (input.ids.length !== known.size) throw userError("CONFLICT", ADMIN_SETUP_TEXTS.reorderStale);
      await tx.db.execute(
        sql`UPDATE statuses s SET position = o.ord - 1
            FROM unnest(${intArray(input.ids)}) WITH ORDINALITY AS o(id, ord)
            WHERE s.company_id = ${ctx.companyId} AND s.id = o.id`,
      );
      await emitSetupChanged(tx, ctx.companyId, "statuses");
      return { ids: input.ids };
    }),
  );
