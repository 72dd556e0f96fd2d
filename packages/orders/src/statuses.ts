import { statuses as statusesTable } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { and, asc, eq, inArray } from "drizzle-orm";
import { NO_BUDGET, NO_BUDGET_NAME } from "@taller/core";

/**
 * The list's filter groups: 'Estados de Orden' and 'Estados de Presupuesto' (the latter ends with 'Sin Presupuesto').
 */
export const statuses = staffProcedure.use(can("read", "check_in")).query(async ({ ctx }) => {
  const rows = await ctx.db
    .select({
      id: statusesTable.id,
      name: statusesTable.name,
      color: statusesTable.color,
      type: statusesTable.type,
      finish: statusesTable.finish,
      // The order status 'Anular' moves to (the status control leaves it to that action).
      cancel: statusesTable.cancel,
      order: statusesTable.position,
    })
    .from(statusesTable)
    .where(and(eq(statusesTable.companyId, ctx.companyId), inArray(statusesTable.type, ["Order", "Budget"])))
    .orderBy(asc(statusesTable.position), asc(statusesTable.id));
  const budget = rows.filter((s) => s.type === "Budget");
  return {
    order_statuses: rows.filter((s) => s.type === "Order"),
    budget_statuses: [
      ...budget,
      // Not finished, so the default filter (non-finished budget statuses) includes orders without a budget.
      {
        id: NO_BUDGET,
        name: NO_BUDGET_NAME,
        color: "#9E9E9E",
        type: "Budget" as const,
        finish: false,
        cancel: false,
        order: budget.length,
      },
    ],
  };
});
