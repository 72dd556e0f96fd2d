// The company's status rules, read by every domain whose documents move among statuses (orders, budgets, CRM
// managements): admin owns statuses and status_transitions, the others only read them through these.
import { type StatusTransition, type StatusType, transitionAllowed } from "@taller/core";
import { statuses, statusTransitions, type Db } from "@taller/db";
import { and, asc, eq } from "drizzle-orm";

const transitionColumns = {
  from_status_id: statusTransitions.fromStatusId,
  to_status_id: statusTransitions.toStatusId,
};

/**
 * The company's configured transitions among one type's statuses (a status no rule starts from may move to any of
 * its type: `transitionAllowed` in core). The status menus offer only what the server's update will take.
 */
export function statusTransitionsOf(db: Db, companyId: number, type: StatusType): Promise<StatusTransition[]> {
  return db
    .select(transitionColumns)
    .from(statusTransitions)
    .innerJoin(
      statuses,
      and(
        eq(statuses.companyId, statusTransitions.companyId),
        eq(statuses.id, statusTransitions.fromStatusId),
        eq(statuses.type, type),
      ),
    )
    .where(eq(statusTransitions.companyId, companyId))
    .orderBy(asc(statusTransitions.fromStatusId), asc(statusTransitions.toStatusId));
}

/**
 * Whether a document may move from one status to another under the company's rules (read in the caller's transaction).
 */
export async function isTransitionAllowed(db: Db, companyId: number, from: number, to: number): Promise<boolean> {
  const rules = await db
    .select(transitionColumns)
    .from(statusTransitions)
    .where(and(eq(statusTransitions.companyId, companyId), eq(statusTransitions.fromStatusId, from)));
  return transitionAllowed(from, to, rules);
}
