import { ADMIN_SETUP_TEXTS, CRM_TEXTS, idSchema } from "@taller/core";
import { isTransitionAllowed } from "@taller/admin";
import { queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, userError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { crmIdSchema, loadDetail } from "./detail";
import { announce, lockCrm } from "./lock";

/**
 * The status menu: any Crm::Booking status of the company but the current one (seed 001 section 4), within the
 * transitions the company allows from the current one (none configured: all).
 */
export const updateStatus = staffProcedure
  .use(can("update", "crm"))
  .input(crmIdSchema.extend({ status_id: idSchema }))
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const crm = await lockCrm(tx.db, ctx, input.id);
      const [status] = await queryRows<{ id: number }>(
        tx.db,
        sql`SELECT id FROM statuses WHERE company_id = ${ctx.companyId} AND id = ${input.status_id} AND type = 'Crm::Booking'`,
      );
      if (!status) throw fieldError("BAD_REQUEST", "status_id", CRM_TEXTS.unknownStatus);
      if (crm.status_id === status.id) throw userError("CONFLICT", CRM_TEXTS.sameStatus);
      if (crm.status_id !== null && !(await isTransitionAllowed(tx.db, ctx.companyId, crm.status_id, status.id))) {
        throw fieldError("CONFLICT", "status_id", ADMIN_SETUP_TEXTS.transitionNotAllowed);
      }
      await tx.db.execute(
        sql`UPDATE crms SET status_id = ${status.id}, last_contacted_at = now(), updated_at = now()
            WHERE company_id = ${ctx.companyId} AND id = ${crm.id}`,
      );
      await announce(tx, ctx.companyId, [crm.id]);
      return loadDetail(tx.db, ctx, crm.id, "update");
    }),
  );
