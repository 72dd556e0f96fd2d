import { PAGE_SIZE, type Instant, idSchema as id, listSearchSchema } from "@taller/core";
import { instantText, intArray, queryRows, searchCondition, searchTerm, type Db, type SearchTerm } from "@taller/db";
import {
  can,
  cappedGroupCount,
  cursorInput,
  ESTIMATE_SKIP,
  estimateRows,
  farPastCap,
  groupCounts,
  listPage,
  staffProcedure,
  type GroupCountRow,
  type GroupCounts,
} from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";

export const listInput = z.object({
  /** Budget statuses shown; absent: all. An empty list matches nothing. */
  status_ids: z.array(id).max(50).nullish(),
  search: listSearchSchema,
  cursor: cursorInput,
});

interface BudgetFilters {
  companyId: number;
  statusIds: number[] | null;
  search: SearchTerm | null;
}

export interface BudgetListRow {
  id: number;
  correlative_id: number;
  total: number;
  created_at: Instant;
  status: { id: number; name: string; color: string };
  order_id: number;
  order_correlative_id: number;
  client_name: string | null;
  identifier: string | null;
  requirement_name: string | null;
}

function conditions(f: BudgetFilters): SQL {
  return sql`b.company_id = ${f.companyId}
    AND ${f.statusIds ? sql`b.status_id = ANY (${intArray(f.statusIds)})` : sql`true`}
    AND ${searchCondition(f.search, "b.")}`;
}

async function findPage(db: Db, f: BudgetFilters, after: [number] | null) {
  return queryRows<Omit<BudgetListRow, "status"> & { status_id: number; status_name: string; status_color: string }>(
    db,
    sql`SELECT b.id, b.correlative_id, b.total, ${instantText(sql`b.created_at`)} AS created_at,
               s.id AS status_id, s.name AS status_name, s.color AS status_color,
               o.id AS order_id, o.correlative_id AS order_correlative_id, c.name AS client_name, v.identifier,
               r.name AS requirement_name
        FROM budgets b
        JOIN statuses s ON s.company_id = b.company_id AND s.id = b.status_id
        JOIN orders o ON o.company_id = b.company_id AND o.id = b.order_id
        LEFT JOIN clients c ON c.company_id = o.company_id AND c.id = o.client_id
        LEFT JOIN vehicles v ON v.company_id = o.company_id AND v.id = o.vehicle_id
        LEFT JOIN requirements r ON r.company_id = o.company_id AND r.id = o.requirement_id
        WHERE ${conditions(f)} AND ${after ? sql`b.correlative_id < ${after[0]}` : sql`true`}
        ORDER BY b.correlative_id DESC
        LIMIT ${PAGE_SIZE + 1}`,
  );
}

/**
 * The counts per status (the boxes) and the list's total, as every list counts (docs/lists.md): the matches up to
 * COUNT_CAP + 1 in one statement (cappedGroupCount over budgets_list_idx, or the search's matches); past the cap the
 * total is a lower bound and the boxes show no number; a search the planner expects far past the cap is not counted.
 */
async function countBudgets(db: Db, f: BudgetFilters): Promise<GroupCounts<number>> {
  const statuses = (
    await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM statuses WHERE company_id = ${f.companyId} AND type = 'Budget' ORDER BY position, id`,
    )
  ).map((s) => s.id);
  const from = sql`budgets b`;
  const where = conditions({ ...f, statusIds: null });
  if (f.search && (await estimateRows(db, from, where)) > ESTIMATE_SKIP) return farPastCap(statuses);
  const rows = await queryRows<GroupCountRow>(
    db,
    cappedGroupCount({ group: sql`b.status_id`, from, where, whereSelected: f.statusIds ? conditions(f) : null }),
  );
  return groupCounts(statuses, rows, f.statusIds);
}

/**
 * The company's budgets, newest number first, a page at a time through the list pipeline (signed keyset cursor):
 * { budgets, total, total_capped, page, total_pages, next_cursor, by_status }. The first page counts (countBudgets);
 * `by_status` is null on later pages and when the count stopped at the cap.
 */
export const list = staffProcedure
  .use(can("read", "budget"))
  .input(listInput)
  .query(async ({ ctx, input }) => {
    const filters: BudgetFilters = {
      companyId: ctx.companyId,
      statusIds: input.status_ids ? [...new Set(input.status_ids)].sort((a, b) => a - b) : null,
      search: searchTerm(input.search),
    };
    const { rows, info, counted } = await listPage({
      db: ctx.db,
      cursor: input.cursor,
      filter: filters,
      keySchema: z.tuple([z.number().int()]),
      fetch: (after) => findPage(ctx.db, filters, after),
      count: () => countBudgets(ctx.db, filters),
      keyOf: (r) => [r.correlative_id] as [number],
    });
    return {
      budgets: rows.map(({ status_id, status_name, status_color, ...rest }): BudgetListRow => ({
        ...rest,
        status: { id: status_id, name: status_name, color: status_color },
      })),
      ...info,
      by_status: counted && !counted.byCapped ? counted.by.map((c) => ({ status_id: c.group, count: c.count })) : null,
    };
  });
