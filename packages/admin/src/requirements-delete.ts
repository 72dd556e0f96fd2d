import { ADMIN_SETUP_TEXTS } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, staffProcedure, TRPCError, userError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { id } from "./inputs";
import { announceSetupChanged } from "./setup-changed";

/**
 * Deletes a requirement no order, booking, management or payment request names: their keys would only empty the field and lose the
 * history (what the client came for). Its consumed products, add-ons and required works go with it; a requirement
 * that named it as the next one forgets its rule. The row is locked first, so a document written meanwhile waits
 * and then finds it gone.
 */
export const requirementsDelete = staffProcedure
  .use(can("destroy", "manager"))
  .input(z.object({ id }))
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const [requirement] = await queryRows<{ in_use: boolean }>(
        tx.db,
        sql`SELECT EXISTS (SELECT 1 FROM orders WHERE company_id = r.company_id AND requirement_id = r.id)
                OR EXISTS (SELECT 1 FROM bookings WHERE company_id = r.company_id AND requirement_id = r.id)
                OR EXISTS (SELECT 1 FROM crms WHERE company_id = r.company_id AND (requirement_id = r.id OR from_requirement_id = r.id))
                OR EXISTS (SELECT 1 FROM payment_requests WHERE company_id = r.company_id AND requirement_id = r.id) AS in_use
            FROM requirements r WHERE r.company_id = ${ctx.companyId} AND r.id = ${input.id} FOR UPDATE`,
      );
      if (!requirement) throw new TRPCError({ code: "NOT_FOUND", message: ADMIN_SETUP_TEXTS.requirementNotFound });
      if (requirement.in_use) throw userError("CONFLICT", ADMIN_SETUP_TEXTS.requirementInUse);
      await tx.db.execute(sql`DELETE FROM requirements WHERE company_id = ${ctx.companyId} AND id = ${input.id}`);
      await announceSetupChanged(tx, ctx.companyId, "requirements");
      return { id: input.id };
    }),
  );
