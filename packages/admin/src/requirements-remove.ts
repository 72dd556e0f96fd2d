import { ADMIN_SETUP_TEXTS } from "@taller/core";
import { sql } from "drizzle-orm";
import { deleteUnusedProcedure, refusedWhile } from "./delete-unused";

/**
 * Deletes a requirement no order, booking, management or payment request names: their keys would only empty the
 * field and lose the history (what the client came for). Its consumed products, add-ons and required works go with
 * it; a requirement that named it as the next one forgets its rule.
 */
export const requirementsRemove = deleteUnusedProcedure(
  "requirements",
  ADMIN_SETUP_TEXTS.requirementNotFound,
  refusedWhile(
    (r) => sql`EXISTS (SELECT 1 FROM orders WHERE company_id = ${r.companyId} AND requirement_id = ${r.id})
      OR EXISTS (SELECT 1 FROM bookings WHERE company_id = ${r.companyId} AND requirement_id = ${r.id})
      OR EXISTS (SELECT 1 FROM crms WHERE company_id = ${r.companyId} AND (requirement_id = ${r.id} OR from_requirement_id = ${r.id}))
      OR EXISTS (SELECT 1 FROM payment_requests WHERE company_id = ${r.companyId} AND requirement_id = ${r.id})`,
    ADMIN_SETUP_TEXTS.requirementInUse,
  ),
);
