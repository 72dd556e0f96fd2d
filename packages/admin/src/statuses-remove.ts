import { ADMIN_SETUP_TEXTS } from "@taller/core";
import { sql } from "drizzle-orm";
import { deleteUnusedProcedure, refusedWhile } from "./delete-unused";

/**
 * Deletes a status no document uses (its transitions go with it). Orders' and budgets' keys would refuse it anyway;
 * managements' would only empty their status, so they are counted as well.
 */
export const statusesRemove = deleteUnusedProcedure(
  "statuses",
  ADMIN_SETUP_TEXTS.statusNotFound,
  refusedWhile(
    (r) => sql`EXISTS (SELECT 1 FROM orders WHERE company_id = ${r.companyId} AND status_id = ${r.id})
      OR EXISTS (SELECT 1 FROM budgets WHERE company_id = ${r.companyId} AND status_id = ${r.id})
      OR EXISTS (SELECT 1 FROM crms WHERE company_id = ${r.companyId} AND status_id = ${r.id})`,
    ADMIN_SETUP_TEXTS.statusInUse,
  ),
);
