import { BUDGET_TEXTS, idSchema as id } from "@taller/core";
import { budgetLines } from "@taller/db";
import { can, fieldError, staffProcedure, withTransaction } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { lockEditableBudget } from "./editable";

export const removeLineInput = z.object({ budget_id: id, line_id: id });

/** 'Quitar' on a line; the last line stays (a budget quotes something, as create requires). */
export const removeLine = staffProcedure
  .use(can("update", "budget"))
  .input(removeLineInput)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const budget = await lockEditableBudget(tx.db, ctx, input.budget_id);
      const where = and(
        eq(budgetLines.companyId, ctx.companyId),
        eq(budgetLines.budgetId, input.budget_id),
        eq(budgetLines.id, input.line_id),
      );
      const [exists] = await tx.db.select({ id: budgetLines.id }).from(budgetLines).where(where);
      if (!exists) throw fieldError("NOT_FOUND", "line_id", BUDGET_TEXTS.lineNotFound);
      if (budget.line_count <= 1) throw fieldError("BAD_REQUEST", "line_id", BUDGET_TEXTS.lastLine);
      await tx.db.delete(budgetLines).where(where);
      await tx.emit({ type: "budget.changed", companyId: ctx.companyId, payload: { ids: [input.budget_id] } });
      return { id: input.budget_id, line_id: input.line_id };
    }),
  );
