// The SQL behind the orders list and its totals, shaped for a million orders in one company (indexes in
// db/src/schema/orders.ts, derived columns in migration 0003_order_triggers).
import { brandModels, brands, clients, intArray, orders, queryRows, requirements, statuses, vehicles, type Db } from "@taller/db";
import { PAGE_SIZE } from "@taller/trpc";
import { and, eq, sql, type SQL } from "drizzle-orm";
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

/** Conditions shared by the searched page, the export and the counts. */
export function filterConditions(f: OrderFilters): SQL {
  return sql.join(
    [
      sql`company_id = ${f.companyId}`,
      f.statusIds ? sql`status_id = ANY(${intArray(f.statusIds)})` : sql`true`,
      f.budgetStatusIds ? sql`budget_status_key = ANY(${intArray(f.budgetStatusIds)})` : sql`true`,
      f.pattern ? sql`search_text LIKE ${f.pattern}` : sql`true`,
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

/**
 * Positions of the next page (PAGE_SIZE + 1 rows, the extra one says whether more follow).
 *
 * Without a search the list is read one (status, budget status) slice at a time: each slice is a range of the
 * orders_list_* indexes already in sort order, so each contributes at most a page of index entries whatever the
 * depth, and the top of their union is the page. With a search, the trigram index finds the matches first.
 * Statements are prepared except with a search, whose best plan depends on how common the searched text is.
 */
export async function findPage(db: Db, f: OrderFilters, s: OrderSort, key: number[] | null): Promise<OrderPosition[]> {
  const limit = PAGE_SIZE + 1;
  return queryRows<OrderPosition>(
    db,
    f.pattern
      ? sql`SELECT correlative_id, ${checkInUs(s, "")} AS check_in_us FROM orders
            WHERE ${filterConditions(f)} AND ${after(s, key)}
            ORDER BY ${orderBy(s)} LIMIT ${limit}`
      : sql`SELECT page.correlative_id, ${checkInUs(s, "page.")} AS check_in_us
            FROM unnest(${f.statusIds ? intArray(f.statusIds) : sql`(SELECT array_agg(id) FROM statuses WHERE company_id = ${f.companyId} AND type = 'Order')`}) AS s(id)
            CROSS JOIN unnest(${f.budgetStatusIds ? intArray(f.budgetStatusIds) : sql`(SELECT array_agg(id) || -1 FROM statuses WHERE company_id = ${f.companyId} AND type = 'Budget')`}) AS b(id)
            CROSS JOIN LATERAL (
              SELECT ${sortColumns(s)} FROM orders
              WHERE company_id = ${f.companyId} AND status_id = s.id AND budget_status_key = b.id AND ${after(s, key)}
              ORDER BY ${orderBy(s)} LIMIT ${limit}
            ) page
            ORDER BY ${orderBy(s, "page.")} LIMIT ${limit}`,
    { prepare: !f.pattern },
  );
}

/** The list's columns for the given correlative numbers, in the order given. */
export async function loadListRows(db: Db, companyId: number, correlativeIds: number[]) {
  if (correlativeIds.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      correlativeId: orders.correlativeId,
      statusId: statuses.id,
      statusName: statuses.name,
      statusColor: statuses.color,
      requirementName: requirements.name,
      vehicleId: vehicles.id,
      identifier: vehicles.identifier,
      brandName: brands.name,
      brandModelName: brandModels.name,
      clientId: clients.id,
      clientName: clients.name,
      clientRut: clients.rut,
      checkInTime: orders.checkInTime,
      endedAt: orders.endedAt,
      lastBudgetId: orders.lastBudgetId,
      lastBudgetStatusId: orders.lastBudgetStatusId,
      recallData: orders.recallData,
      pictures: orders.pictures,
    })
    .from(orders)
    .innerJoin(statuses, eq(statuses.id, orders.statusId))
    .leftJoin(requirements, eq(requirements.id, orders.requirementId))
    .leftJoin(vehicles, eq(vehicles.id, orders.vehicleId))
    .leftJoin(brands, eq(brands.id, vehicles.brandId))
    .leftJoin(brandModels, eq(brandModels.id, vehicles.brandModelId))
    .leftJoin(clients, eq(clients.id, orders.clientId))
    .where(and(eq(orders.companyId, companyId), sql`${orders.correlativeId} = ANY(${intArray(correlativeIds)})`))
    .prepare("orders_list_rows")
    .execute();
  const byCorrelative = new Map(rows.map((r) => [r.correlativeId, r]));
  return correlativeIds.flatMap((c) => {
    const r = byCorrelative.get(c);
    if (!r) return [];
    const picture = r.pictures[0];
    return [
      {
        id: r.id,
        correlative_id: r.correlativeId,
        status: { id: r.statusId, name: r.statusName, color: r.statusColor },
        requirement: r.requirementName === null ? null : { name: r.requirementName },
        object:
          r.vehicleId === null || r.identifier === null
            ? null
            : { id: r.vehicleId, identifier: r.identifier, brand_name: r.brandName, brand_model_name: r.brandModelName },
        client: r.clientId === null || r.clientName === null ? null : { id: r.clientId, name: r.clientName, rut: r.clientRut },
        check_in_time: r.checkInTime,
        ended_at: r.endedAt,
        last_budget_id: r.lastBudgetId,
        last_budget_status_id: r.lastBudgetStatusId,
        recall_data: r.recallData,
        picture: picture ? { url: picture.url, video: picture.video ?? false } : null,
      },
    ];
  });
}

/**
 * Order counts per status of the company under the budget filter and search (the status filter does not apply:
 * the status boxes show every status). Without a search they come from order_status_counts, a few dozen rows.
 */
function countsByStatus(f: OrderFilters): SQL {
  const budget = f.budgetStatusIds ? sql`budget_status_key = ANY(${intArray(f.budgetStatusIds)})` : sql`true`;
  return f.pattern
    ? sql`SELECT status_id, count(*) AS n FROM orders WHERE ${filterConditions({ ...f, statusIds: null })} GROUP BY status_id`
    : sql`SELECT status_id, sum(count) AS n FROM order_status_counts
          WHERE company_id = ${f.companyId} AND ${budget} GROUP BY status_id`;
}

export async function countByStatus(db: Db, f: OrderFilters): Promise<{ status_id: number; count: number }[]> {
  return queryRows<{ status_id: number; count: number }>(
    db,
    sql`SELECT s.id AS status_id, coalesce(c.n, 0)::int AS count
        FROM statuses s LEFT JOIN (${countsByStatus(f)}) c ON c.status_id = s.id
        WHERE s.company_id = ${f.companyId} AND s.type = 'Order'
        ORDER BY s.position, s.id`,
    { prepare: !f.pattern },
  );
}

/** How many orders the list shows in all (its first page asks; later pages carry it in the cursor). */
export async function countOrders(db: Db, f: OrderFilters): Promise<number> {
  const status = f.statusIds ? sql`status_id = ANY(${intArray(f.statusIds)})` : sql`true`;
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`SELECT coalesce(sum(n), 0)::int AS total FROM (${countsByStatus(f)}) c WHERE ${status}`,
    { prepare: !f.pattern },
  );
  return row?.total ?? 0;
}
