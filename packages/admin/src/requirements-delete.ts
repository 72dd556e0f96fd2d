import { ADMIN_SETUP_TEXTS } from "@taller/core";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { deleteUnused } from "./delete-unused";
import { id } from "./inputs";

/**
 * Deletes a requirement no order, booking, management or payment request names: their keys would only empty the
 * field and lose the history (what the client came for). Its consumed products, add-ons and required works go with
 * it; a requirement that named it as the next one forgets its rule.
 */
export const requirementsDelete = staffProcedure
  .use(can("destroy", "manager"))
  .input(z.object({ id }))
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, (tx) =>
      deleteUnused(
        tx,
        {
          table: "requirements",
          companyId: ctx.companyId,
          id: input.id,
          inUse: sql`EXISTS (SELECT 1 FROM orders WHERE company_id = r.company_id AND requirement_id = r.id)
                  OR EXISTS (SELECT 1 FROM bookings WHERE company_id = r.company_id AND requirement_id = r.id)
                  OR EXISTS (SELECT 1 FROM crms WHERE company_id = r.company_id AND (requirement_id = r.id OR from_requirement_id = r.id))
                  OR EXISTS (SELECT 1 FROM payment_requests WHERE company_id = r.company_id AND requirement_id = r.id)`,
        },
        { notFound: ADMIN_SETUP_TEXTS.requirementNotFound, inUse: ADMIN_SETUP_TEXTS.requirementInUse },
      ),
    ),
  );
