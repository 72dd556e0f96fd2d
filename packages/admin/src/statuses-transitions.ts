import { ADMIN_SETUP_TEXTS, setTransitionsSchema } from "@taller/core";
import { intArray, queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { emitSetupChanged } from "./setup-changes";

/**
 * Where documents in a status may go next, replacing the status's former list (sending the same list twice leaves
 * one copy). Every target must be another status of the same company and type. An empty list frees the status:
 * a status no rule starts from may move to any status of its type.
 */
export const statusesSetTransitions = staffProcedure
  .use(can("update", "manager"))
  .input(setTransitionsSchema)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      // Locked: two administrators saving one status's list apply one after the other.
      const [from] = await queryRows<{ type: string }>(
        tx.db,
        sql`SELECT type FROM statuses WHERE company_id = ${ctx.companyId} AND id = ${input.from_status_id} FOR UPDATE`,
      );
      if (!from) throw new TRPCError({ code: "NOT_FOUND", message: ADMIN_SETUP_TEXTS.statusNotFound });
      const [targets] = await queryRows<{ n: number }>(
        tx.db,
        sql`SELECT count(*)::int AS n FROM statuses WHERE company_id = ${ctx.companyId} AND type = ${from.type}
            AND id = ANY (${intArray(input.to_status_ids)}) AND id <> ${input.from_status_id}`,
      );
      if ((targets?.n ?? 0) !== input.to_status_ids.length)
        throw fieldError("BAD_REQUEST", "to_status_ids", ADMIN_SETUP_TEXTS.statusOtherType);
      await tx.db.execute(
        sql`DELETE FROM status_transitions WHERE company_id = ${ctx.companyId} AND from_status_id = ${input.from_status_id}`,
      );
      await tx.db.execute(
        sql`INSERT INTO status_transitions (company_id, from_status_id, to_status_id)
            SELECT ${ctx.companyId}, ${input.from_status_id}, t FROM unnest(${intArray(input.to_status_ids)}) AS t`,
      );
      await emitSetupChanged(tx, ctx.companyId, "statuses");
      return { from_status_id: input.from_status_id, to_status_ids: input.to_status_ids };
    }),
  );
