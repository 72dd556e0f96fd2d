// The SQL behind the orders list and its totals, shaped for a million orders in one company (indexes in
// db/src/schema/orders.ts, derived columns in migration 0003_order_triggers).
import { intArray, queryRows, type Db } from "@taller/db";
import { PAGE_SIZE } from "@taller/trpc";
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

/**
 * One list row as the database answers it. Instants stay in PostgreSQL's text form ("2026-04-05 03:30:00.123+00",
 * which both drivers pass through and the web's formatters read): with no Date in it the page is plain JSON, which
 * the transformer sends without superjson's walk.
 */
interface ListRow {
  id: number;
  correlative_id: number;
  status_id: number;
  status_name: string;
  status_color: string;
  requirement_name: string | null;
  vehicle_id: number | null;
  identifier: string | null;
  brand_name: string | null;
  brand_model_name: string | null;
  client_id: number | null;
  client_name: string | null;
  client_rut: string | null;
  check_in_time: string;
  last_budget_id: number | null;
  last_budget_status_id: number | null;
  recall_data: unknown[];
  /** The first picture, the only one the list shows. */
  picture: { url: string; video?: boolean } | null;
}

/** The list's columns for the given correlative numbers, in the order given. */
export async function loadListRows(db: Db, companyId: number, correlativeIds: number[]) {
  if (correlativeIds.length === 0) return [];
  const rows = await queryRows<ListRow>(
    db,
    sql`SELECT o.id, o.correlative_id, s.id AS status_id, s.name AS status_name, s.color AS status_color,
               r.name AS requirement_name, v.id AS vehicle_id, v.identifier, br.name AS brand_name,
               bm.name AS brand_model_name, c.id AS client_id, c.name AS client_name, c.rut AS client_rut,
               o.check_in_time, o.last_budget_id, o.last_budget_status_id, o.recall_data, o.pictures -> 0 AS picture
        FROM orders o
        JOIN statuses s ON s.id = o.status_id
        LEFT JOIN requirements r ON r.id = o.requirement_id
        LEFT JOIN vehicles v ON v.id = o.vehicle_id
        LEFT JOIN brands br ON br.id = v.brand_id
        LEFT JOIN brand_models bm ON bm.id = v.brand_model_id
        LEFT JOIN clients c ON c.id = o.client_id
        WHERE o.company_id = ${companyId} AND o.correlative_id = ANY(${intArray(correlativeIds)})`,
    { prepare: true },
  );
  const byCorrelative = new Map(rows.map((r) => [r.correlative_id, r]));
  return correlativeIds.flatMap((c) => {
    const r = byCorrelative.get(c);
    if (!r) return [];
    return [
      {
        id: r.id,
        correlative_id: r.correlative_id,
        status: { id: r.status_id, name: r.status_name, color: r.status_color },
        requirement: r.requirement_name === null ? null : { name: r.requirement_name },
        object:
          r.vehicle_id === null || r.identifier === null
            ? null
            : { id: r.vehicle_id, identifier: r.identifier, brand_name: r.brand_name, brand_model_name: r.brand_model_name },
        client: r.client_id === null || r.client_name === null ? null : { id: r.client_id, name: r.client_name, rut: r.client_rut },
        check_in_time: r.check_in_time,
        last_budget_id: r.last_budget_id,
        last_budget_status_id: r.last_budget_status_id,
        recall_data: r.recall_data,
        picture: r.picture ? { url: r.picture.url, video: r.picture.video ?? false } : null,
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
