import { PAGE_SIZE, type Instant } from "@taller/core";
import { instantText, intArray, queryRows, searchCondition, searchTerm, type Db, type SearchTerm } from "@taller/db";
import { can, cursorInput, listPage, staffProcedure } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";

const id = z.number().int().min(1).max(2_147_483_647);

export const listInput = z.object({
  /** Budget statuses shown; absent: all. An empty list matches nothing. */
  status_ids: z.array(id).max(50).nullish(),
  search: z.string().max(100).nullish(),
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
 * The company's budgets, newest number first, a page at a time through the list pipeline (signed keyset cursor):
 * { budgets, total, total_capped, page, total_pages, next_cursor, by_status }. The first page counts per status
 * (a company's budgets are a few per order: an index scan of budgets_list_idx, or the search's matches).
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
      // Per status under every filter but the status filter: the status boxes; the total is the selected ones'.
      count: async () => {
        const byStatus = await queryRows<{ status_id: number; count: number }>(
          ctx.db,
          sql`SELECT b.status_id, count(*)::int AS count FROM budgets b WHERE ${conditions({ ...filters, statusIds: null })} GROUP BY b.status_id`,
        );
        const total = byStatus.reduce(
          (n, r) => (filters.statusIds && !filters.statusIds.includes(r.status_id) ? n : n + r.count),
          0,
        );
        return { total, capped: false, byStatus };
      },
      keyOf: (r) => [r.correlative_id] as [number],
    });
    return {
      budgets: rows.map(({ status_id, status_name, status_color, ...rest }): BudgetListRow => ({
        ...rest,
        status: { id: status_id, name: status_name, color: status_color },
      })),
      ...info,
      by_status: counted?.byStatus ?? null,
    };
  });
