import { CRM_KINDS, type CrmKpis } from "@taller/core";
import { can, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { crmFilters, filtersInput } from "./filters";
import { categoryTotals, type CategoryTotal } from "./list-query";

/** The KPI strip from per-category totals (pure): counts, total, the ongoing estimate and what was recovered. */
export function kpisOf(kind: (typeof CRM_KINDS)[number], totals: readonly CategoryTotal[]): CrmKpis {
  const of = (category: CategoryTotal["category"]) => totals.find((t) => t.category === category);
  const count = (category: CategoryTotal["category"]) => of(category)?.count ?? 0;
  return {
    on_going_count: count("initial"),
    on_hold_count: count("on_hold"),
    lost_count: count("failed"),
    completed_count: count("completed"),
    booked_count: kind === "retention" ? null : count("booked"),
    // Every management under the filters: the percentages' denominator and the list's total with every box on.
    total_crms: totals.reduce((n, t) => n + t.count, 0),
    estimated_on_going_amount: of("initial")?.estimated ?? 0,
    recovered_amount: of("completed")?.recovered ?? 0,
  };
}

/**
 * The KPI boxes of a list under its filters (every filter but the status boxes themselves): seed 001 'KPIs'.
 * Retentions have four boxes (no booked_count), absences five.
 */
export const kpis = staffProcedure
  .use(can("read", "crm"))
  .input(z.object({ kind: z.enum(CRM_KINDS), ...filtersInput }))
  .query(async ({ ctx, input }) => {
    const filters = await crmFilters(ctx, input.kind, input);
    return kpisOf(input.kind, await categoryTotals(ctx.db, filters));
  });
