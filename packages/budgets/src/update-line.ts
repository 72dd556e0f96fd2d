import { BUDGET_TEXTS, budgetLineInput, idSchema as id } from "@taller/core";
import { budgetLines } from "@taller/db";
import { can, fieldError, staffProcedure, withTransaction } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { budgetLineRows } from "./write/budget";
import { checkBudgetTotal, lockEditableBudget } from "./editable";

export const updateLineInput = z.object({ budget_id: id, line_id: id, line: budgetLineInput });

/** A line's product or text, quantity, unit price and discount changed in place (its position stays). */
export const updateLine = staffProcedure
  .use(can("update", "budget"))
  .input(updateLineInput)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      await lockEditableBudget(tx.db, ctx, input.budget_id);
      const [row] = (await budgetLineRows(tx.db, ctx.companyId, [input.line])) ?? [];
      if (!row) throw fieldError("NOT_FOUND", "line.product_id", BUDGET_TEXTS.productNotFound);
      const changed = await tx.db
        .update(budgetLines)
        .set(row)
        .where(
          and(
            eq(budgetLines.companyId, ctx.companyId),
            eq(budgetLines.budgetId, input.budget_id),
            eq(budgetLines.id, input.line_id),
          ),
        )
        .returning({ id: budgetLines.id });
      if (!changed.length) throw fieldError("NOT_FOUND", "line_id", BUDGET_TEXTS.lineNotFound);
      await tx.emit({ type: "budget.changed", companyId: ctx.companyId, payload: { ids: [input.budget_id] } });
      return {
        id: input.budget_id,
        line_id: input.line_id,
        total: await checkBudgetTotal(tx.db, ctx.companyId, input.budget_id),
      };
    }),
  );
