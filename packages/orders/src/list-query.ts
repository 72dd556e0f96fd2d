// The SQL behind the orders list, its counts and the export, shaped for a million orders in one company (indexes in
// db/src/schema/orders.ts, derived columns in migrations 0003_order_triggers and 0005_list_pipeline).
import { PAGE_SIZE } from "@taller/core";
import { intArray, queryRows, searchCondition, type Db } from "@taller/db";
import { cappedGroupCount, ESTIMATE_SKIP, estimateRows, farPastCap, groupCounts, type GroupCountRow, type GroupCounts } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import type { OrderFilters } from "./filters";
import type { OrderPosition, OrderSort } from "./sort";

/** The check-in instant in whole microseconds when the sort needs it (null otherwise, sparing the heap). */
const checkInUs = (s: OrderSort, prefix: string) =>
  s.sort === "check_in_time" ? sql.raw(`(extract(epoch from ${prefix}check_in_time) * 1000000)::float8`) : sql`null::float8`;

function orderBy(s: OrderSort, prefix = ""): SQL {
  const dir = s.direction === "desc" ? "desc" : "asc";
  return s.sort === "correlative_id"
    ? sql.raw(`${prefix}correlative_id ${dir}`)
    : sql.raw(`${prefix}check_in_time ${dir}, ${prefix}correlative_id ${dir}`);
}

/** Rows strictly after the cursor's row in sort order (row comparison, so the index range starts right there). */
function after(s: OrderSort, key: number[] | null): SQL {
  if (!key) return sql`true`;
  const op = sql.raw(s.direction === "desc" ? "<" : ">");
  return s.sort === "correlative_id"
    ? sql`correlative_id ${op} ${key[0]}`
    : sql`(check_in_time, correlative_id) ${op} (timestamptz 'epoch' + ${key[0]}::float8 * interval '1 microsecond', ${key[1]}::int)`;
}

/** The selected locations (null: all, including orders without one). */
const inLocations = (f: OrderFilters) => (f.scope.locationIds ? sql`location_id = ANY(${intArray(f.scope.locationIds)})` : sql`true`);

/** "Own records only" for orders: the user received it or is assigned to it. */
const owned = (f: OrderFilters) => (f.scope.ownerId === null ? sql`true` : sql`(user_id = ${f.scope.ownerId} OR assignee_id = ${f.scope.ownerId})`);

/** Every filter of the list: scope, statuses, budget statuses, search (unaliased orders columns). */
export function filterConditions(f: OrderFilters): SQL {
  return sql.join(
    [
      sql`company_id = ${f.scope.companyId}`,
      inLocations(f),
      owned(f),
      f.statusIds ? sql`status_id = ANY(${intArray(f.statusIds)})` : sql`true`,
      f.budgetStatusIds ? sql`budget_status_key = ANY(${intArray(f.budgetStatusIds)})` : sql`true`,
      searchCondition(f.search),
    ],
    sql` AND `,
  );
}

/** The columns a sort reads, all inside its orders_list_* index, so the slices are index-only scans. */
function sortColumns(s: OrderSort, prefix = ""): SQL {
  return s.sort === "correlative_id"
    ? sql.raw(`${prefix}correlative_id`)
    : sql.raw(`${prefix}correlative_id, ${prefix}check_in_time`);
}

/** Read slice by slice when nothing narrows the list to a few rows (a search or own orders take the plain path). */
const slicePath = (f: OrderFilters) => f.search === null && f.scope.ownerId === null;

/**
 * Positions of the next page (PAGE_SIZE + 1 rows, the extra one says whether more follow).
 *
 * Without a search the list is read one (status, budget status) slice at a time: each slice is a range of the
 * orders_list_* indexes already in sort order (locations filtered inside the index), so each contributes at most a
 * page of index entries whatever the depth, and the top of their union is the page. With a search or own orders,
 * the planner picks the trigram, prefix or owner index. Statements are prepared except with a search, whose best
 * plan depends on how common the searched text is.
 */
export async function findPage(db: Db, f: OrderFilters, s: OrderSort, key: number[] | null): Promise<OrderPosition[]> {
  const limit = PAGE_SIZE + 1;
  const companyId = f.scope.companyId;
  return queryRows<OrderPosition>(
    db,
    !slicePath(f)
      ? sql`SELECT correlative_id, ${checkInUs(s, "")} AS check_in_us FROM orders
            WHERE ${filterConditions(f)} AND ${after(s, key)}
            ORDER BY ${orderBy(s)} LIMIT ${limit}`
      : sql`SELECT page.correlative_id, ${checkInUs(s, "page.")} AS check_in_us
            FROM unnest(${f.statusIds ? intArray(f.statusIds) : sql`(SELECT array_agg(id) FROM statuses WHERE company_id = ${companyId} AND type = 'Order')`}) AS s(id)
            CROSS JOIN unnest(${f.budgetStatusIds ? intArray(f.budgetStatusIds) : sql`(SELECT array_agg(id) || -1 FROM statuses WHERE company_id = ${companyId} AND type = 'Budget')`}) AS b(id)
            CROSS JOIN LATERAL (
              SELECT ${sortColumns(s)} FROM orders
              WHERE company_id = ${companyId} AND status_id = s.id AND budget_status_key = b.id AND ${inLocations(f)} AND ${after(s, key)}
              ORDER BY ${orderBy(s)} LIMIT ${limit}
            ) page
            ORDER BY ${orderBy(s, "page.")} LIMIT ${limit}`,
    { prepare: f.search === null },
  );
}

/**
 * The list's counts in one statement: per status (for the boxes) and the list's total (under the status filter too).
 *
 * Without a search or own scope they come from order_status_counts (a few dozen rows, by status, budget status and
 * location), exact. Otherwise the matches are counted up to COUNT_CAP + 1 (cappedGroupCount): past the cap the
 * answer is `capped` and the total a lower bound; a search the planner expects to match far more is not counted at
 * all (farPastCap).
 */
export async function countOrders(db: Db, f: OrderFilters): Promise<GroupCounts<number>> {
  const companyId = f.scope.companyId;
  const statuses = await orderStatusIds(db, companyId);
  const unfiltered = filterConditions({ ...f, statusIds: null });
  if (f.search && (await estimateRows(db, sql`orders`, unfiltered)) > ESTIMATE_SKIP) return farPastCap(statuses);
  const budget = f.budgetStatusIds ? sql`budget_status_key = ANY(${intArray(f.budgetStatusIds)})` : sql`true`;
  const location = f.scope.locationIds ? sql`location_key = ANY(${intArray(f.scope.locationIds)})` : sql`true`;
  const rows = await queryRows<GroupCountRow>(
    db,
    slicePath(f)
      ? sql`SELECT status_id AS "group", sum(count)::int AS n, 0 AS sampled, null::int AS selected FROM order_status_counts
            WHERE company_id = ${companyId} AND ${budget} AND ${location} GROUP BY status_id`
      : cappedGroupCount({ group: sql`status_id`, from: sql`orders`, where: unfiltered, whereSelected: f.statusIds && filterConditions(f) }),
    { prepare: f.search === null },
  );
  return groupCounts(statuses, rows, f.statusIds);
}

/** The company's order statuses in display order. */
async function orderStatusIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM statuses WHERE company_id = ${companyId} AND type = 'Order' ORDER BY position, id`,
    { prepare: true },
  );
  return rows.map((r) => r.id);
}
