import { BUDGET_TEXTS, idSchema } from "@taller/core";
import { can, staffProcedure, TRPCError } from "@taller/trpc";
import { z } from "zod";
import { loadBudget } from "./detail";
import { budgetOwner } from "./scope";

export const idInput = z.object({ id: idSchema });

/**
 * One budget: its order, lines, pictures and status changes. Another company's id, and with an own-only grant a
 * budget of an order the user neither received nor is assigned, is NOT_FOUND.
 */
export const get = staffProcedure
  .use(can("read", "budget"))
  .input(idInput)
  .query(async ({ ctx, input }) => {
    const budget = await loadBudget(ctx.db, ctx.companyId, input.id, budgetOwner(ctx, "read"));
    if (!budget) throw new TRPCError({ code: "NOT_FOUND", message: BUDGET_TEXTS.notFound });
    return budget;
  });
