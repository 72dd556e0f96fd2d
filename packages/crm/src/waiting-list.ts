import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { crmIdSchema, loadDetail } from "./detail";
import { announce, commentInput, lockCrm } from "./lock";

/**
 * 'Enviar a Lista de Espera': on_hold, which pauses automatic reminders to the client; optional comment. Already
 * on hold: the management as it is.
 */
export const waitingList = staffProcedure
  .use(can("update", "crm"))
  .input(crmIdSchema.extend(commentInput))
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const crm = await lockCrm(tx.db, ctx, input.id);
      if (crm.on_hold) return loadDetail(tx.db, ctx, crm.id, "update");
      await tx.db.execute(
        sql`UPDATE crms SET on_hold = true, comment = coalesce(${input.comment || null}, comment),
                   last_contacted_at = now(), updated_at = now()
            WHERE company_id = ${ctx.companyId} AND id = ${crm.id}`,
      );
      await announce(tx, ctx.companyId, [crm.id]);
      return loadDetail(tx.db, ctx, crm.id, "update");
    }),
  );
