import { BUDGET_TEXTS, budgetReadyForClient, idSchema as id } from "@taller/core";
import { isTransitionAllowed } from "@taller/admin";
import { queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { budgetOwner, ownBudget } from "./scope";

/**
 * Moves a budget to another budget status of the company, if the company's transitions allow it, and records the
 * change. The budget's row is locked, so two concurrent changes apply one after the other (the second is checked
 * against the first's result). The orders list's last budget status follows by trigger.
 */
export const updateStatus = staffProcedure
  .use(can("update", "budget"))
  .input(z.object({ id, status_id: id }))
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const [budget] = await queryRows<{ status_id: number }>(
        tx.db,
        sql`SELECT b.status_id FROM budgets b
            WHERE b.company_id = ${ctx.companyId} AND b.id = ${input.id} AND ${ownBudget(budgetOwner(ctx, "update"))}
            FOR UPDATE`,
      );
      if (!budget) throw new TRPCError({ code: "NOT_FOUND", message: BUDGET_TEXTS.notFound });
      // initial_id: where writeBudget (write/budget.ts) starts a budget, the same order.
      const [target] = await queryRows<{ id: number; finish: boolean; initial_id: number }>(
        tx.db,
        sql`SELECT id, finish,
                   (SELECT i.id FROM statuses i WHERE i.company_id = s.company_id AND i.type = 'Budget' ORDER BY i.finish, i.position, i.id LIMIT 1) AS initial_id
            FROM statuses s WHERE company_id = ${ctx.companyId} AND id = ${input.status_id} AND type = 'Budget'`,
      );
      if (!target) throw fieldError("BAD_REQUEST", "status_id", BUDGET_TEXTS.statusNotBudget);
      if (!(await isTransitionAllowed(tx.db, ctx.companyId, budget.status_id, input.status_id))) {
        throw fieldError("CONFLICT", "status_id", BUDGET_TEXTS.transitionNotAllowed);
      }
      await tx.db.execute(
        sql`UPDATE budgets SET status_id = ${input.status_id}, updated_at = now() WHERE company_id = ${ctx.companyId} AND id = ${input.id}`,
      );
      await tx.db.execute(
        sql`INSERT INTO budget_status_changes (company_id, budget_id, from_status_id, to_status_id, user_id)
            VALUES (${ctx.companyId}, ${input.id}, ${budget.status_id}, ${input.status_id}, ${ctx.user.id})`,
      );
      await tx.emit({ type: "budget.changed", companyId: ctx.companyId, payload: { ids: [input.id] } });
      if (budgetReadyForClient(target, target.initial_id)) {
        await tx.emit({
          type: "notification.requested",
          companyId: ctx.companyId,
          payload: { notification: "budget_ready", documentId: input.id },
        });
      }
      return { id: input.id, status_id: input.status_id };
    }),
  );
