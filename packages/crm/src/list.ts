import type { CrmKind } from "@taller/core";
import { can, cursorInput, listPage, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { crmFilters, filtersInput, statusInput } from "./filters";
import { categoryTotals, findPage, listTotal, sortInput, sortKeySchema } from "./list-query";

const listInput = z.object({ ...filtersInput, status: statusInput, ...sortInput, cursor: cursorInput });

/**
 * A management list (retentions, absences, booking follow-ups), a page at a time: { items, total, total_count,
 * total_capped, page, total_pages, next_cursor }. The total is counted exactly, from the same per-category totals
 * the KPI strip answers.
 */
function listOf(kind: CrmKind) {
  return staffProcedure
    .use(can("read", "crm"))
    .input(listInput)
    .query(async ({ ctx, input }) => {
      const filters = await crmFilters(ctx, kind, input);
      const sort = { sort: input.sort, direction: input.sort_direction };
      const { rows, info } = await listPage({
        db: ctx.db,
        cursor: input.cursor,
        filter: { ...filters, ...sort },
        keySchema: sortKeySchema,
        fetch: (after) => findPage(ctx.db, filters, sort, after),
        count: async () => ({
          total: listTotal(await categoryTotals(ctx.db, filters), filters.categories),
          capped: false,
        }),
        keyOf: (p) => p.key,
      });
      return { items: rows.map((r) => r.row), ...info, total_count: info.total };
    });
}

export const retentions = listOf("retention");
export const absences = listOf("absence");
export const bookings = listOf("booking");
