import { ADMIN_SETUP_TEXTS, updateStatusSchema } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, staffProcedure, TRPCError, withTransaction, uniqueOnField } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { emitSetupChanged } from "./setup-changes";

/** Renames, recolours or flags a status as finished (a finished status leaves the lists' default filters). */
export const statusesUpdate = staffProcedure
  .use(can("update", "manager"))
  .input(updateStatusSchema)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const rows = await uniqueOnField(
        queryRows<{ id: number }>(
          tx.db,
          sql`UPDATE statuses SET name = coalesce(${input.name ?? null}, name), color = coalesce(${input.color ?? null}, color),
                     finish = coalesce(${input.finish ?? null}::boolean, finish)
              WHERE company_id = ${ctx.companyId} AND id = ${input.id} RETURNING id`,
        ),
        "name",
        ADMIN_SETUP_TEXTS.statusTaken,
      );
      if (rows.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: ADMIN_SETUP_TEXTS.statusNotFound });
      await emitSetupChanged(tx, ctx.companyId, "statuses");
      return { id: input.id };
    }),
  );
