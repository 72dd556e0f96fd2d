import { ADMIN_SETUP_TEXTS } from "@taller/core";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { deleteUnused } from "./delete-unused";
import { id } from "./inputs";

/**
 * Deletes a status no document uses (its transitions go with it). Orders' and budgets' keys would refuse it anyway;
 * managements' would only empty their status, so they are counted as well.
 */
export const statusesDelete = staffProcedure
  .use(can("destroy", "manager"))
  .input(z.object({ id }))
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, (tx) =>
      deleteUnused(
        tx,
        {
          table: "statuses",
          companyId: ctx.companyId,
          id: input.id,
          inUse: sql`EXISTS (SELECT 1 FROM orders WHERE company_id = r.company_id AND status_id = r.id)
                  OR EXISTS (SELECT 1 FROM budgets WHERE company_id = r.company_id AND status_id = r.id)
                  OR EXISTS (SELECT 1 FROM crms WHERE company_id = r.company_id AND status_id = r.id)`,
        },
        { notFound: ADMIN_SETUP_TEXTS.statusNotFound, inUse: ADMIN_SETUP_TEXTS.statusInUse },
      ),
    ),
  );
