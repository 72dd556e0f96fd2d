import { BUDGET_TEXTS, budgetLinesInput, budgetNotesInput } from "@taller/core";
import { writeBudget, type BudgetWriteResult } from "@taller/db";
import { can, fieldError, staffProcedure, withTransaction } from "@taller/trpc";
import { z } from "zod";

export const createInput = z.object({
  order_id: z.number().int().min(1).max(2_147_483_647),
  notes: budgetNotesInput,
  lines: budgetLinesInput,
});

/** The Spanish answer to a budget that could not be written (shared with the chat's budget form). */
export function budgetWriteError(problem: Extract<BudgetWriteResult, { ok: false }>["problem"]) {
  switch (problem) {
    case "order":
      return fieldError("NOT_FOUND", "order_id", BUDGET_TEXTS.orderNotFound);
    case "product":
      return fieldError("NOT_FOUND", "lines", BUDGET_TEXTS.productNotFound);
    case "status":
      return fieldError("BAD_REQUEST", "order_id", BUDGET_TEXTS.noStatuses);
  }
}

/** A budget for an order of the company, in its first budget status; number and total are the database's. */
export const create = staffProcedure
  .use(can("create", "budget"))
  .input(createInput)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const result = await writeBudget(tx.db, { companyId: ctx.companyId, orderId: input.order_id, userId: ctx.user.id, notes: input.notes ?? null, lines: input.lines });
      if (!result.ok) throw budgetWriteError(result.problem);
      return { id: result.id, correlative_id: result.correlative_id, total: result.total };
    }),
  );
