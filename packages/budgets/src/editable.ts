// The one gate every change to an existing budget passes (its lines, its pictures): the budget's row is locked for
// the rest of the transaction, so edits and status changes (update-status.ts locks the same row) apply one after
// the other, and an edit is checked against the status the budget has when it is written, not when it was read.
import { BUDGET_TEXTS, budgetLocked, MAX_BUDGET_TOTAL } from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import { fieldError, userError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { budgetOwner, ownBudget, type BudgetActor } from "./scope";

/**
 * Locks the company's budget; NOT_FOUND when it has none or an own-only grant on update budget does not reach it,
 * CONFLICT once its status is locked.
 */
export async function lockEditableBudget(
  db: Db,
  ctx: BudgetActor & { companyId: number },
  id: number,
): Promise<{ line_count: number; picture_count: number }> {
  const companyId = ctx.companyId;
  // Lock first, then read the status: a join in the locking query would be re-checked against the status row read
  // before the wait, and a budget whose status changed meanwhile would look missing.
  const [locked] = await queryRows<{ status_id: number }>(
    db,
    sql`SELECT b.status_id FROM budgets b
        WHERE b.company_id = ${companyId} AND b.id = ${id} AND ${ownBudget(budgetOwner(ctx, "update"))} FOR UPDATE`,
  );
  if (!locked) throw userError("NOT_FOUND", BUDGET_TEXTS.notFound);
  const [budget] = await queryRows<{ finish: boolean; status_name: string; line_count: number; picture_count: number }>(
    db,
    sql`SELECT s.finish, s.name AS status_name, jsonb_array_length(b.pictures) AS picture_count,
               (SELECT count(*)::int FROM budget_lines l WHERE l.company_id = b.company_id AND l.budget_id = b.id) AS line_count
        FROM budgets b JOIN statuses s ON s.company_id = b.company_id AND s.id = b.status_id
        WHERE b.company_id = ${companyId} AND b.id = ${id}`,
  );
  if (!budget) throw userError("NOT_FOUND", BUDGET_TEXTS.notFound);
  if (budgetLocked(budget)) throw userError("CONFLICT", BUDGET_TEXTS.locked(budget.status_name));
  return budget;
}

/** After a line change, inside its transaction: the total the triggers kept must still fit (else all rolls back). */
export async function checkBudgetTotal(db: Db, companyId: number, id: number): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`SELECT total FROM budgets WHERE company_id = ${companyId} AND id = ${id}`,
  );
  const total = row?.total ?? 0;
  if (total > MAX_BUDGET_TOTAL) throw fieldError("BAD_REQUEST", "line", BUDGET_TEXTS.totalTooLarge);
  return total;
}
