// The one join chain from an order to everything shown about it: the list's rows, the detail and the export all
// read from ORDER_FROM, each naming the columns it needs. A LEFT JOIN on a primary key whose columns a query does
// not read is dropped by PostgreSQL's planner, so the list pays only for what it shows.
import type { Instant } from "@taller/core";
import { compiledStatements, instantText, intArrayText, queryCompiled, type Db } from "@taller/db";
import { sql } from "drizzle-orm";

/** Aliases: o order, s status, r requirement, c client, v vehicle, br brand, bm model, l location, u receiver,
 * a assignee, lb last budget, bs its status. */
export const ORDER_FROM = sql`orders o
  JOIN statuses s ON s.id = o.status_id
  LEFT JOIN requirements r ON r.id = o.requirement_id
  LEFT JOIN clients c ON c.id = o.client_id
  LEFT JOIN vehicles v ON v.id = o.vehicle_id
  LEFT JOIN brands br ON br.id = v.brand_id
  LEFT JOIN brand_models bm ON bm.id = v.brand_model_id
  LEFT JOIN locations l ON l.id = o.location_id
  LEFT JOIN users u ON u.id = o.user_id
  LEFT JOIN users a ON a.id = o.assignee_id
  LEFT JOIN budgets lb ON lb.id = o.last_budget_id
  LEFT JOIN statuses bs ON bs.id = lb.status_id`;

/** One list row as the database answers it (instants in the wire form, so the page is plain JSON). */
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
  check_in_time: Instant;
  last_budget_id: number | null;
  last_budget_status_id: number | null;
  recall_data: unknown[];
  /** The first picture, the only one the list shows. */
  picture: { url: string; video?: boolean } | null;
}

const listRowsStatement = compiledStatements<"">();

/** The list's columns for the given correlative numbers, in the order given (one statement, compiled once). */
export async function loadListRows(db: Db, companyId: number, correlativeIds: number[]) {
  if (correlativeIds.length === 0) return [];
  const statement = listRowsStatement(
    "",
    () => sql`SELECT o.id, o.correlative_id, s.id AS status_id, s.name AS status_name, s.color AS status_color,
                     r.name AS requirement_name, v.id AS vehicle_id, v.identifier, br.name AS brand_name,
                     bm.name AS brand_model_name, c.id AS client_id, c.name AS client_name, c.rut AS client_rut,
                     ${instantText(sql`o.check_in_time`)} AS check_in_time, o.last_budget_id, o.last_budget_status_id,
                     o.recall_data, o.pictures -> 0 AS picture
              FROM ${ORDER_FROM}
              WHERE o.company_id = ${sql.placeholder("companyId")} AND o.correlative_id = ANY(${sql.placeholder("correlativeIds")}::int[])`,
  );
  const values = { companyId, correlativeIds: intArrayText(correlativeIds) };
  const rows = await queryCompiled<ListRow>(db, statement, values, { prepare: true });
  // Plain loops: flatMap with one-element arrays cost a page of 50 orders 3-4 times as much (bench:http).
  const byCorrelative = new Map<number, ListRow>();
  for (const r of rows) byCorrelative.set(r.correlative_id, r);
  const page: ReturnType<typeof listItem>[] = [];
  for (const c of correlativeIds) {
    const r = byCorrelative.get(c);
    if (!r) continue;
    page.push(listItem(r));
  }
  return page;
}

/** One row of the list as the client gets it. */
function listItem(r: ListRow) {
  return {
    id: r.id,
    correlative_id: r.correlative_id,
    status: { id: r.status_id, name: r.status_name, color: r.status_color },
    requirement: r.requirement_name === null ? null : { name: r.requirement_name },
    object:
      r.vehicle_id === null || r.identifier === null
        ? null
        : {
            id: r.vehicle_id,
            identifier: r.identifier,
            brand_name: r.brand_name,
            brand_model_name: r.brand_model_name,
          },
    client:
      r.client_id === null || r.client_name === null
        ? null
        : { id: r.client_id, name: r.client_name, rut: r.client_rut },
    check_in_time: r.check_in_time,
    last_budget_id: r.last_budget_id,
    last_budget_status_id: r.last_budget_status_id,
    recall_data: r.recall_data,
    picture: r.picture ? { url: r.picture.url, video: r.picture.video ?? false } : null,
  };
}
