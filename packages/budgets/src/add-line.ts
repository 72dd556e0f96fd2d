import { BUDGET_TEXTS, budgetLineInput, MAX_LINES, idSchema as id } from "@taller/core";
import { budgetLines, queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { budgetLineRows } from "./write/budget";
import { checkBudgetTotal, lockEditableBudget } from "./editable";

export const addLineInput = z.object({ budget_id: id, line: budgetLineInput });

/** 'Agregar línea' on the budget's page: a product or free text at the end; the total is the triggers'. */
export const addLine = staffProcedure
  .use(can("update", "budget"))
  .input(addLineInput)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const budget = await lockEditableBudget(tx.db, ctx, input.budget_id);
      if (budget.line_count >= MAX_LINES) throw fieldError("BAD_REQUEST", "line", BUDGET_TEXTS.tooManyLines);
      const [row] = (await budgetLineRows(tx.db, ctx.companyId, [input.line])) ?? [];
      if (!row) throw fieldError("NOT_FOUND", "line.product_id", BUDGET_TEXTS.productNotFound);
      const [last] = await queryRows<{ position: number }>(
        tx.db,
        sql`SELECT coalesce(max(position) + 1, 0)::int AS position FROM budget_lines WHERE company_id = ${ctx.companyId} AND budget_id = ${input.budget_id}`,
      );
      const [line] = await tx.db
        .insert(budgetLines)
        .values({ ...row, budgetId: input.budget_id, position: last?.position ?? 0 })
        .returning({ id: budgetLines.id });
      await tx.emit({ type: "budget.changed", companyId: ctx.companyId, payload: { ids: [input.budget_id] } });
      return {
        id: input.budget_id,
        line_id: line?.id ?? 0,
        total: await checkBudgetTotal(tx.db, ctx.companyId, input.budget_id),
      };
    }),
  );
