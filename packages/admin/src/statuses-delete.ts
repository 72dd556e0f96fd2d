import { ADMIN_SETUP_TEXTS } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, staffProcedure, TRPCError, userError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { id } from "./inputs";
import { announceSetupChanged } from "./setup-changed";

/**
 * Deletes a status no document uses (its transitions go with it). The status row is locked first: a document
 * written meanwhile waits for this transaction, then finds the status gone (its foreign key refuses it), and the
 * check below sees every document committed before. Managements' key would only empty their status, so they are
 * counted as well.
 */
export const statusesDelete = staffProcedure
  .use(can("destroy", "manager"))
  .input(z.object({ id }))
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const [status] = await queryRows<{ in_use: boolean }>(
        tx.db,
        sql`SELECT EXISTS (SELECT 1 FROM orders WHERE company_id = s.company_id AND status_id = s.id)
                OR EXISTS (SELECT 1 FROM budgets WHERE company_id = s.company_id AND status_id = s.id)
                OR EXISTS (SELECT 1 FROM crms WHERE company_id = s.company_id AND status_id = s.id) AS in_use
            FROM statuses s WHERE s.company_id = ${ctx.companyId} AND s.id = ${input.id} FOR UPDATE`,
      );
      if (!status) throw new TRPCError({ code: "NOT_FOUND", message: ADMIN_SETUP_TEXTS.statusNotFound });
      if (status.in_use) throw userError("CONFLICT", ADMIN_SETUP_TEXTS.statusInUse);
      await tx.db.execute(sql`DELETE FROM statuses WHERE company_id = ${ctx.companyId} AND id = ${input.id}`);
      await announceSetupChanged(tx, ctx.companyId, "statuses");
      return { id: input.id };
    }),
  );
