import { budgetLinesInput, budgetNotesInput, idSchema } from "@taller/core";
import { queryRows, termNotFound } from "@taller/db";
import { can, fieldError, ownedDocument, staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { budgetWriteError, writeBudget } from "./write/budget";
import { budgetOwner } from "./scope";

export const createInput = z.object({
  order_id: idSchema,
  notes: budgetNotesInput,
  lines: budgetLinesInput,
});

/**
 * A budget for an order of the company, in its first budget status; number and total are the database's. With an
 * own-only grant on create budget, only for an order the user received or is assigned.
 */
export const create = staffProcedure
  .use(can("create", "budget"))
  .input(createInput)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const ownerId = budgetOwner(ctx, "create");
      if (ownerId !== null) {
        const [own] = await queryRows<{ id: number }>(
          tx.db,
          sql`SELECT o.id FROM orders o
              WHERE o.company_id = ${ctx.companyId} AND o.id = ${input.order_id} AND ${ownedDocument("Order", ownerId)}`,
        );
        if (!own) throw fieldError("NOT_FOUND", "order_id", await termNotFound(tx.db, ctx.companyId, "order"));
      }
      const result = await writeBudget(tx.db, {
        companyId: ctx.companyId,
        orderId: input.order_id,
        userId: ctx.user.id,
        notes: input.notes ?? null,
        lines: input.lines,
      });
      if (!result.ok) {
        const e = await budgetWriteError(tx.db, ctx.companyId, result.problem);
        // The problem is the order itself, or a line's product / the company's statuses.
        throw fieldError(e.code, result.problem === "product" ? "lines" : "order_id", e.message);
      }
      await tx.emit({ type: "budget.changed", companyId: ctx.companyId, payload: { ids: [result.id] } });
      return { id: result.id, correlative_id: result.correlative_id, total: result.total };
    }),
  );
