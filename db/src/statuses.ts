import { type StatusTransition, type StatusType, transitionAllowed } from "@taller/core";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { queryRows } from "./sql";

/**
 * The company's configured transitions among one type's statuses (a status no rule starts from may move to any of
 * its type: `transitionAllowed` in core). The status menus offer only what the server's update will take.
 */
export function statusTransitionsOf(db: Db, companyId: number, type: StatusType): Promise<StatusTransition[]> {
  return queryRows<StatusTransition>(
    db,
    sql`SELECT t.from_status_id, t.to_status_id FROM status_transitions t
        JOIN statuses s ON s.company_id = t.company_id AND s.id = t.from_status_id AND s.type = ${type}
        WHERE t.company_id = ${companyId} ORDER BY 1, 2`,
  );
}

/**
 * Whether a document may move from one status to another under the company's rules (read in the caller's transaction).
 */
export async function isTransitionAllowed(db: Db, companyId: number, from: number, to: number): Promise<boolean> {
  const rules = await queryRows<StatusTransition>(
    db,
    sql`SELECT from_status_id, to_status_id FROM status_transitions WHERE company_id = ${companyId} AND from_status_id = ${from}`,
  );
  return transitionAllowed(from, to, rules);
}
