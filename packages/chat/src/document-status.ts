// The chat's document's status as a list row and the header show it: read live from the document (not copied into
// the chat), so a row names the status an order moved to elsewhere as soon as the list refetches.
import { PROVIDER_STATUS_CODES, PROVIDER_STATUSES } from "@taller/core";
import { sql } from "drizzle-orm";

/** An inventory action's statuses are the code's (PROVIDER_STATUSES), not rows of `statuses`. */
const providerStatuses = sql.join(
  PROVIDER_STATUS_CODES.map((code) => {
    const { name, color } = PROVIDER_STATUSES[code];
    return sql`(${code}::text, ${name}::text, ${color}::text)`;
  }),
  sql`, `,
);

/**
 * Joins `ds` (name, color) to `chats ch`: the status of the chat's order, budget, management or inventory action;
 * nothing for others.
 */
export const documentStatusJoin = sql`LEFT JOIN LATERAL (
    SELECT s.name, s.color FROM statuses s
    WHERE s.company_id = ch.company_id AND s.id = CASE ch.document_type
      WHEN 'Order' THEN (SELECT o.status_id FROM orders o WHERE o.company_id = ch.company_id AND o.id = ch.document_id)
      WHEN 'Budget' THEN (SELECT b.status_id FROM budgets b WHERE b.company_id = ch.company_id AND b.id = ch.document_id)
      WHEN 'Crm' THEN (SELECT k.status_id FROM crms k WHERE k.company_id = ch.company_id AND k.id = ch.document_id)
    END
    UNION ALL
    SELECT ps.name, ps.color FROM provider_actions ia JOIN (VALUES ${providerStatuses}) ps (code, name, color) ON ps.code = ia.status
    WHERE ch.document_type = 'InventoryAction' AND ia.company_id = ch.company_id AND ia.id = ch.document_id) ds ON true`;

/** The selected column `status`: `{ name, color }` or null. */
export const documentStatusColumn = sql`CASE WHEN ds.name IS NOT NULL
    THEN json_build_object('name', ds.name, 'color', ds.color) END AS status`;
