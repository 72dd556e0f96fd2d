import { ADMIN_SETUP_TEXTS } from "@taller/core";
import { sql } from "drizzle-orm";
import { deleteUnusedProcedure } from "./delete-unused";

/**
 * Deletes a status no document uses (its transitions go with it). Orders' and budgets' keys would refuse it anyway;
 * managements' would only empty their status, so they are counted as well.
 */
export const statusesDelete = deleteUnusedProcedure(
  "statuses",
  sql`EXISTS (SELECT 1 FROM orders WHERE company_id = r.company_id AND status_id = r.id)
   OR EXISTS (SELECT 1 FROM budgets WHERE company_id = r.company_id AND status_id = r.id)
   OR EXISTS (SELECT 1 FROM crms WHERE company_id = r.company_id AND status_id = r.id)`,
  { notFound: ADMIN_SETUP_TEXTS.statusNotFound, inUse: ADMIN_SETUP_TEXTS.statusInUse },
);
