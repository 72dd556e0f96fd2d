import type { CrmKind } from "@taller/core";
import { can, cursorInput, listPage, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { crmFilters, filtersInput, statusInput } from "./filters";
import { countList, findPage, sortInput, sortKeySchema } from "./list-query";

const listInput = z.object({ ...filtersInput, status: statusInput, ...sortInput, cursor: cursorInput });

/**
 * A management list (retentions, absences, booking follow-ups), a page at a time: { items, total, total_count,
 * total_capped, page, total_pages, next_cursor }. The total is the KPI strip's stored per-category counts in the
 * default view; with a date range, an id, a search or an own scope, it is counted up to the cap (countList).
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
        count: () => countList(ctx.db, filters),
        keyOf: (p) => p.key,
      });
      return { items: rows.map((r) => r.row), ...info, total_count: info.total };
    });
}

export const retentions = listOf("retention");
export const absences = listOf("absence");
export const bookings = listOf("booking");
