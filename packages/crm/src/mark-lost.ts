import { CRM_TEXTS } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, staffProcedure, userError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { crmIdSchema, loadDetail } from "./detail";
import { announce, commentInput, lockCrm } from "./lock";

/**
 * 'Marcar como perdida': the company's first 'failed' status, with an optional comment. Already lost (a repeated
 * click, another user first): the management as it is, nothing written twice.
 */
export const markLost = staffProcedure
  .use(can("update", "crm"))
  .input(crmIdSchema.extend(commentInput))
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const crm = await lockCrm(tx.db, ctx, input.id);
      if (crm.category === "failed") return loadDetail(tx.db, ctx, crm.id, "update");
      const updated = await queryRows<{ id: number }>(
        tx.db,
        sql`UPDATE crms SET status_id = s.id, comment = coalesce(${input.comment || null}, crms.comment),
                   last_contacted_at = now(), updated_at = now()
            FROM (SELECT id FROM statuses WHERE company_id = ${ctx.companyId} AND type = 'Crm::Booking'
                  AND crm_category = 'failed' ORDER BY position, id LIMIT 1) s
            WHERE crms.company_id = ${ctx.companyId} AND crms.id = ${crm.id}
            RETURNING crms.id`,
      );
      // A company without a 'failed' status has nothing to mark with.
      if (updated.length === 0) throw userError("CONFLICT", CRM_TEXTS.lostError);
      await announce(tx, ctx.companyId, [crm.id]);
      return loadDetail(tx.db, ctx, crm.id, "update");
    }),
  );
