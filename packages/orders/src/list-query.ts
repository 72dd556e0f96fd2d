// The SQL behind the orders list, its counts and the export, shaped for a million orders in one company (indexes in
// db/src/schema/orders.ts, derived columns in migrations 0003_order_triggers and 0005_list_pipeline).
import { PAGE_SIZE } from "@taller/core";
import {
  compiledStatements,
  intArray,
  intArrayText,
  queryCompiled,
  queryRows,
  searchCondition,
  type Db,
} from "@taller/db";
import {
  cappedGroupCount,
  ESTIMATE_SKIP,
  estimateRows,
  farPastCap,
  groupCounts,
  type GroupCountRow,
  type GroupCounts,
} from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import type { OrderFilters } from "./filters";
import type { OrderPosition, OrderSort } from "./sort";

/** The check-in instant in whole microseconds when the sort needs it (null otherwise, sparing the heap). */
const checkInUs = (s: OrderSort, prefix: string) =>
  s.sort === "check_in_time"
    ? sql.raw(`(extract(epoch from ${prefix}check_in_time) * 1000000)::float8`)
    : sql`null::float8`;

function orderBy(s: OrderSort, prefix = ""): SQL {
  const dir = s.direction === "desc" ? "desc" : "asc";
  return s.sort === "correlative_id"
    ? sql.raw(`${prefix}correlative_id ${dir}`)
    : sql.raw(`${prefix}check_in_time ${dir}, ${prefix}correlative_id ${dir}`);
}

/**
 * Rows strictly after the cursor's row in sort order (row comparison, so the index range starts right there).
 * `key` holds the key's values as SQL: bound values, or a compiled statement's placeholders.
 */
function after(s: OrderSort, key: readonly SQL[] | null): SQL {
  if (!key) return sql`true`;
  const op = sql.raw(s.direction === "desc" ? "<" : ">");
  return s.sort === "correlative_id"
    ? sql`correlative_id ${op} ${key[0]}`
    : sql`(check_in_time, correlative_id) ${op} (timestamptz 'epoch' + ${key[0]}::float8 * interval '1 microsecond', ${key[1]}::int)`;
}

/** The selected locations (`ids`: an int[], null: all, including orders without one). */
const inLocations = (ids: SQL | null) => (ids ? sql`location_id = ANY(${ids})` : sql`true`);

/** A filter's ids bound as an int[] (null stays null: no filter). */
const boundIds = (ids: readonly number[] | null) => (ids ? intArray(ids) : null);

/** A compiled statement's int[] placeholder. */
const idsPlaceholder = (name: string) => sql`${sql.placeholder(name)}::int[]`;

/** "Own records only" for orders: the user received it or is assigned to it. */
const owned = (f: OrderFilters) =>
  f.scope.ownerId === null ? sql`true` : sql`(user_id = ${f.scope.ownerId} OR assignee_id = ${f.scope.ownerId})`;

/** Every filter of the list: scope, statuses, budget statuses, search (unaliased orders columns). */
export function filterConditions(f: OrderFilters): SQL {
  return sql.join(
    [
      sql`company_id = ${f.scope.companyId}`,
      inLocations(boundIds(f.scope.locationIds)),
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
 * the planner picks the trigram or owner index. Statements are prepared except with a search, whose best
 * plan depends on how common the searched text is.
 */
export async function findPage(db: Db, f: OrderFilters, s: OrderSort, key: number[] | null): Promise<OrderPosition[]> {
  if (slicePath(f)) return findSlicedPage(db, f, s, key);
  return queryRows<OrderPosition>(
    db,
    sql`SELECT correlative_id, ${checkInUs(s, "")} AS check_in_us FROM orders
        WHERE ${filterConditions(f)} AND ${after(s, key && key.map((v) => sql`${v}`))}
        ORDER BY ${orderBy(s)} LIMIT ${PAGE_SIZE + 1}`,
    { prepare: f.search === null },
  );
}

const slicedPages = compiledStatements<string>();

/** The slice path of findPage, compiled once per sort and set of filters present (the list's hottest statement). */
function findSlicedPage(db: Db, f: OrderFilters, s: OrderSort, key: number[] | null): Promise<OrderPosition[]> {
  const { statusIds, budgetStatusIds } = f;
  const { locationIds } = f.scope;
  const shape = [
    s.sort,
    s.direction,
    statusIds !== null,
    budgetStatusIds !== null,
    locationIds !== null,
    key !== null,
  ].join(" ");
  const statement = slicedPages(shape, () => {
    const limit = PAGE_SIZE + 1;
    const companyId = sql.placeholder("companyId");
    return sql`SELECT page.correlative_id, ${checkInUs(s, "page.")} AS check_in_us
      FROM unnest(${statusIds ? idsPlaceholder("statusIds") : sql`(SELECT array_agg(id) FROM statuses WHERE company_id = ${companyId} AND type = 'Order')`}) AS s(id)
      CROSS JOIN unnest(${budgetStatusIds ? idsPlaceholder("budgetStatusIds") : sql`(SELECT array_agg(id) || -1 FROM statuses WHERE company_id = ${companyId} AND type = 'Budget')`}) AS b(id)
      CROSS JOIN LATERAL (
        SELECT ${sortColumns(s)} FROM orders
        WHERE company_id = ${companyId} AND status_id = s.id AND budget_status_key = b.id
          AND ${inLocations(locationIds && idsPlaceholder("locationIds"))}
          AND ${after(s, key && key.map((_, i) => sql`${sql.placeholder(`key${i}`)}`))}
        ORDER BY ${orderBy(s)} LIMIT ${limit}
      ) page
      ORDER BY ${orderBy(s, "page.")} LIMIT ${limit}`;
  });
  return queryCompiled<OrderPosition>(
    db,
    statement,
    {
      companyId: f.scope.companyId,
      statusIds: statusIds && intArrayText(statusIds),
      budgetStatusIds: budgetStatusIds && intArrayText(budgetStatusIds),
      locationIds: locationIds && intArrayText(locationIds),
      key0: key?.[0],
      key1: key?.[1],
    },
    { prepare: true },
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
  const statuses = await orderStatusIds(db, f.scope.companyId);
  if (slicePath(f)) return groupCounts(statuses, await countSlices(db, f), f.statusIds);
  const unfiltered = filterConditions({ ...f, statusIds: null });
  if (f.search && (await estimateRows(db, sql`orders`, unfiltered)) > ESTIMATE_SKIP) return farPastCap(statuses);
  const rows = await queryRows<GroupCountRow>(
    db,
    cappedGroupCount({
      group: sql`status_id`,
      from: sql`orders`,
      where: unfiltered,
      whereSelected: f.statusIds && filterConditions(f),
    }),
    { prepare: f.search === null },
  );
  return groupCounts(statuses, rows, f.statusIds);
}

const sliceCounts = compiledStatements<string>();

/** countOrders without a search or own scope, compiled once per set of filters present. */
function countSlices(db: Db, f: OrderFilters): Promise<GroupCountRow[]> {
  const { budgetStatusIds } = f;
  const { locationIds } = f.scope;
  const statement = sliceCounts(`${budgetStatusIds !== null} ${locationIds !== null}`, () => {
    const budget = budgetStatusIds ? sql`budget_status_key = ANY(${idsPlaceholder("budgetStatusIds")})` : sql`true`;
    const location = locationIds ? sql`location_key = ANY(${idsPlaceholder("locationIds")})` : sql`true`;
    return sql`SELECT status_id AS "group", sum(count)::int AS n, 0 AS sampled, null::int AS selected FROM order_status_counts
               WHERE company_id = ${sql.placeholder("companyId")} AND ${budget} AND ${location} GROUP BY status_id`;
  });
  const values = {
    companyId: f.scope.companyId,
    budgetStatusIds: budgetStatusIds && intArrayText(budgetStatusIds),
    locationIds: locationIds && intArrayText(locationIds),
  };
  return queryCompiled<GroupCountRow>(db, statement, values, { prepare: true });
}

const statusIdsStatement = compiledStatements<"">();

/** The company's order statuses in display order. */
async function orderStatusIds(db: Db, companyId: number): Promise<number[]> {
  const statement = statusIdsStatement(
    "",
    () =>
      sql`SELECT id FROM statuses WHERE company_id = ${sql.placeholder("companyId")} AND type = 'Order' ORDER BY position, id`,
  );
  const rows = await queryCompiled<{ id: number }>(db, statement, { companyId }, { prepare: true });
  return rows.map((r) => r.id);
}
