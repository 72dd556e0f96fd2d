// The scale generator (`pnpm db:seed --orders N`): one company with a realistic volume of data for benchmarks.
// Everything is set-based SQL (INSERT ... SELECT over generate_series) inside one transaction, so a million orders
// load in a couple of minutes on PostgreSQL; PGlite runs the same statements, only slower. What the database
// derives per row through triggers is instead produced for the whole load at once:
//   - ids are taken from the tables' sequences up front, so orders are written already pointing at their latest
//     budget and the budgets trigger finds nothing to change;
//   - search texts are composed set-based with the same SQL functions the fill triggers call; when the load at
//     least doubles the orders table, those triggers are disabled for it and the trigram indexes are rebuilt once
//     at the end instead of grown row by row. Both are undone by a rollback, but they lock orders and vehicles
//     until the load commits: a seeding tool's price.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { companies, orders } from "../schema";
import { queryRows } from "../sql";
import { CITIES, COLORS, COMMENTS, FIRST_NAMES, LAST_NAMES, STREETS } from "./data";
import { DEMO_HASHES, seedCompanyBase } from "./demo";

export interface ScaleOptions {
  /** Orders the company should end up with (existing ones count). */
  orders: number;
  name?: string;
  /** Identifies the company; its users are admin@, asesor@ and tecnico@ this domain. */
  domain?: string;
  /** Years of history the check-in times spread over, up to now. */
  years?: number;
  log?: (message: string) => void;
}

export interface ScaleResult {
  companyId: number;
  created: boolean;
  added: { orders: number; clients: number; vehicles: number; budgets: number; bookings: number };
}

export const SCALE_COMPANY = { name: "Taller Escala", domain: "escala.demo" };

/** Tables whose `<table>_search_text` fill trigger (migration 0003_order_triggers) the load does the work of. */
const SEARCH_TRIGGERS = ["orders", "vehicles"] as const;

/** A text[] literal of constants, for picking random values in SQL. */
const texts = (values: readonly (string | null)[]): SQL =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
/** A random element of an array expression. */
const pick = (array: SQL | string): SQL => {
  const a = typeof array === "string" ? sql.raw(array) : array;
  return sql`(${a})[1 + floor(random() * cardinality(${a}))::int]`;
};
const n = (value: number) => sql.raw(String(Math.trunc(value)));

/** Fills (or tops up) one company with `orders` orders plus proportional clients, vehicles, budgets and bookings. */
export async function seedScale(db: Db, opts: ScaleOptions): Promise<ScaleResult> {
  const name = opts.name ?? SCALE_COMPANY.name;
  const domain = opts.domain ?? SCALE_COMPANY.domain;
  const years = opts.years ?? 5;
  const log = opts.log ?? (() => {});
  const step = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await run();
    log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };

  let [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`${companies.domain} = ${domain}`)
    .limit(1);
  const created = !company;
  if (!company) {
    const base = await seedCompanyBase(
      db,
      {
        name,
        domain,
        locations: ["Casa Matriz", "Sucursal Maipú"],
        users: [
          { email: `admin@${domain}`, name: "Ana Escala", role: "Administrador" },
          { email: `asesor@${domain}`, name: "Andrés Escala", role: "Asesor" },
          { email: `tecnico@${domain}`, name: "Tomás Escala", role: "Técnico" },
        ],
      },
      new Date().getFullYear(),
      DEMO_HASHES.passwordHash,
    );
    company = { id: base.companyId };
  }
  const companyId = company.id;
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${orders.correlativeId}), 0)::int` })
    .from(orders)
    .where(sql`${orders.companyId} = ${companyId}`);
  const toAdd = Math.max(0, opts.orders - (existing?.count ?? 0));
  const counts = {
    orders: toAdd,
    clients: Math.ceil(toAdd / 10),
    vehicles: Math.ceil(toAdd / 4),
    budgets: 0,
    bookings: 0,
  };
  if (toAdd === 0) return { companyId, created, added: { ...counts, clients: 0, vehicles: 0 } };
  const c = companyId;

  await db.transaction(async (tx) => {
    const run = (query: SQL) => tx.execute(query);
    // Rebuilding the trigram indexes costs the whole table: worth it only when the load at least doubles it.
    const [table] = await queryRows<{ orders: number }>(tx, sql`SELECT count(*)::int AS orders FROM orders`);
    const bulk = toAdd >= (table?.orders ?? 0);
    const trigramIndexes = bulk
      ? await queryRows<{ indexname: string; indexdef: string }>(
          tx,
          sql`SELECT indexname, indexdef FROM pg_indexes
              WHERE schemaname = current_schema() AND tablename IN ('orders', 'vehicles', 'clients') AND indexdef LIKE '%gin_trgm_ops%'`,
        )
      : [];
    for (const index of trigramIndexes) await run(sql.raw(`DROP INDEX "${index.indexname}"`));
    if (bulk) for (const t of SEARCH_TRIGGERS) await run(sql.raw(`ALTER TABLE ${t} DISABLE TRIGGER ${t}_search_text`));

    await step(`${counts.clients} clients`, async () => {
      // RUT bodies from the client's id, past the demo's (up to 25 million): RUTs are unique per company.
      await run(sql`CREATE TEMP TABLE scale_clients ON COMMIT DROP AS
        SELECT s.*, 30000000 + s.id AS body
        FROM (SELECT i AS rn, nextval('clients_id_seq')::int AS id,
                     ${pick(texts(FIRST_NAMES))} AS first, ${pick(texts(LAST_NAMES))} AS last1,
                     ${pick(texts(LAST_NAMES))} AS last2
              FROM generate_series(1, ${n(counts.clients)}) i) s`);
      // RUT check digit (módulo 11, weights 2..7 from the right) and "12.345.678-5" formatting, as @taller/core does.
      await run(sql`INSERT INTO clients (id, company_id, rut, name, email, phone, address, city, rating)
        SELECT id, ${c},
               (body / 1000000)::text || '.' || lpad((body / 1000 % 1000)::text, 3, '0') || '.' || lpad((body % 1000)::text, 3, '0')
                 || '-' || CASE dv WHEN 11 THEN '0' WHEN 10 THEN 'K' ELSE dv::text END,
               first || ' ' || last1 || ' ' || last2,
               translate(lower(first || '.' || last1), 'áéíóúñ', 'aeioun') || rn || '@correo.cl',
               '+56 9 ' || (1000 + floor(random() * 9000)::int) || ' ' || (1000 + floor(random() * 9000)::int),
               ${pick(texts(STREETS))} || ' ' || (100 + floor(random() * 9900)::int),
               ${pick(texts(CITIES))},
               floor(random() * 6)::int
        FROM scale_clients,
             LATERAL (SELECT 11 - (body % 10 * 2 + body / 10 % 10 * 3 + body / 100 % 10 * 4 + body / 1000 % 10 * 5
                        + body / 10000 % 10 * 6 + body / 100000 % 10 * 7 + body / 1000000 % 10 * 2
                        + body / 10000000 % 10 * 3) % 11 AS dv) check_digit`);
      await run(sql`ANALYZE scale_clients`);
    });

    await step(`${counts.vehicles} vehicles`, async () => {
      // Chilean plates: four consonants and two digits (2007 on), or two letters and four digits.
      await run(sql`CREATE TEMP TABLE scale_vehicles ON COMMIT DROP AS
        SELECT g.i AS rn, nextval('vehicles_id_seq')::int AS id,
               CASE WHEN g.r_owner < 0.95 THEN sc.id END AS client_id, m.brand_id, m.id AS brand_model_id,
               CASE WHEN random() < 0.6
                 THEN ${sql.join(
                   Array.from({ length: 4 }, () => pick("'{B,C,D,F,G,H,J,K,L,P,R,S,T,V,W,X,Y,Z}'::text[]")),
                   sql` || `,
                 )}
                      || lpad(floor(random() * 100)::int::text, 2, '0')
                 ELSE ${pick("'{A,B,C,D,E,F,G,H,J,K,L,N,P,R,S,T,U,V,W,X,Y,Z}'::text[]")}
                      || ${pick("'{A,B,C,D,E,F,G,H,J,K,L,N,P,R,S,T,U,V,W,X,Y,Z}'::text[]")}
                      || (1000 + floor(random() * 9000)::int)::text
               END AS identifier,
               '9BW' || (10000000 + floor(random() * 90000000)::int) || (100000 + floor(random() * 900000)::int) AS chassis,
               5000 + floor(random() * 245000)::int AS kms
        FROM (SELECT i, random() AS r_owner, 1 + floor(random() * ${n(counts.clients)})::int AS crn,
                     1 + floor(random() * (SELECT count(*) FROM brand_models WHERE company_id = ${c}))::int AS mrn
              FROM generate_series(1, ${n(counts.vehicles)}) i) g
        JOIN scale_clients sc ON sc.rn = g.crn
        JOIN (SELECT row_number() OVER (ORDER BY id) AS mrn, id, brand_id FROM brand_models WHERE company_id = ${c}) m
          ON m.mrn = g.mrn`);
      // Plates are unique per company: a drawn plate already taken (here or by the demo) gets its vehicle's id.
      await run(sql`UPDATE scale_vehicles s SET identifier = s.identifier || '-' || s.id
        FROM (SELECT id, row_number() OVER (PARTITION BY identifier ORDER BY id) AS k FROM scale_vehicles) d
        WHERE d.id = s.id
          AND (d.k > 1 OR EXISTS (SELECT 1 FROM vehicles v WHERE v.company_id = ${c} AND v.identifier = s.identifier))`);
      await run(sql`INSERT INTO vehicles (id, company_id, client_id, brand_id, brand_model_id, identifier, chassis, year, color, kms,
                                          custom_fields, search_text)
        SELECT v.id, ${c}, v.client_id, v.brand_id, v.brand_model_id, v.identifier, v.chassis,
               2005 + floor(random() * (extract(year from now()) - 2004))::int,
               ${pick(texts(COLORS))}, v.kms,
               jsonb_build_object('$$motor', ${pick(sql`ARRAY(SELECT (item ->> 'id')::int FROM custom_fields, jsonb_array_elements(items) item
                                                       WHERE company_id = ${c} AND key = '$$motor')`)}),
               vehicle_search_text(v.identifier, v.chassis, b.name, m.name, cl.name, cl.rut)
        FROM scale_vehicles v
        JOIN brands b ON b.id = v.brand_id
        JOIN brand_models m ON m.id = v.brand_model_id
        LEFT JOIN clients cl ON cl.id = v.client_id`);
      await run(sql`ANALYZE scale_vehicles`);
    });

    await step(`${counts.orders} orders`, async () => {
      // Check-ins spread over the years up to now, numbered in time order. Orders of the last 30 days are in
      // progress, a few older ones got stuck open; the rest were delivered (92%) or cancelled.
      await run(sql`CREATE TEMP TABLE scale_orders ON COMMIT DROP AS
        SELECT nextval('orders_id_seq')::int AS id, x.*
        FROM (
          SELECT g.i, ${n(existing?.last ?? 0)} + g.i AS correlative_id, v.id AS vehicle_id, v.client_id, v.kms,
                 g.check_in_time,
                 CASE WHEN g.check_in_time > now() - interval '30 days' OR g.r_stuck < 0.003 THEN ${pick("cfg.open_ids")}
                      WHEN g.r_delivered < 0.92 THEN cfg.done_ids[1]
                      ELSE cfg.done_ids[cardinality(cfg.done_ids)] END AS status_id,
                 cfg.done_ids
          FROM (SELECT i, random() AS r_stuck, random() AS r_delivered,
                       1 + floor(random() * ${n(counts.vehicles)})::int AS vrn,
                       now() - ((${n(toAdd)} - i)::float8 / ${n(toAdd)}) * ${n(years * 365.25 * 86400)} * interval '1 second'
                         - random() * interval '8 hours' AS check_in_time
                FROM generate_series(1, ${n(toAdd)}) i) g
          JOIN scale_vehicles v ON v.rn = g.vrn
          CROSS JOIN (SELECT ARRAY(SELECT id FROM statuses WHERE company_id = ${c} AND type = 'Order' AND NOT finish ORDER BY position) AS open_ids,
                             ARRAY(SELECT id FROM statuses WHERE company_id = ${c} AND type = 'Order' AND finish ORDER BY position) AS done_ids) cfg
        ) x`);
      await run(sql`ANALYZE scale_orders`);
      // Half as many budgets as orders: 40% of orders have one, 5% a second one (the latest counts).
      const [budgetBase] = await queryRows<{ last: number }>(
        tx,
        sql`SELECT coalesce(max(correlative_id), 0)::int AS last FROM budgets WHERE company_id = ${c}`,
      );
      await run(sql`CREATE TEMP TABLE scale_budgets ON COMMIT DROP AS
        SELECT nextval('budgets_id_seq')::int AS id, o.id AS order_id,
               ${n(budgetBase?.last ?? 0)} + row_number() OVER () AS correlative_id,
               CASE WHEN o.status_id = ANY(o.done_ids) THEN ${pick("cfg.closed_ids")} ELSE ${pick("cfg.pending_ids")} END AS status_id,
               o.check_in_time + random() * interval '2 days' AS created_at
        FROM scale_orders o
        CROSS JOIN generate_series(1, CASE WHEN o.i % 20 < 8 THEN 1 WHEN o.i % 20 = 8 THEN 2 ELSE 0 END) k
        CROSS JOIN (SELECT ARRAY(SELECT id FROM statuses WHERE company_id = ${c} AND type = 'Budget' AND finish) AS closed_ids,
                           ARRAY(SELECT id FROM statuses WHERE company_id = ${c} AND type = 'Budget' AND NOT finish) AS pending_ids) cfg`);
      await run(sql`ANALYZE scale_budgets`);
      await run(sql`INSERT INTO orders (id, company_id, correlative_id, status_id, requirement_id, client_id, vehicle_id,
                                        location_id, user_id, assignee_id, check_in_time, finish_date, completed_at, ended_at,
                                        kms, comment, "from", total, recall_data, custom_fields,
                                        last_budget_id, last_budget_status_id, created_at, updated_at, search_text)
        SELECT o.id, ${c}, o.correlative_id, o.status_id, ${pick("cfg.requirement_ids")}, o.client_id, o.vehicle_id,
               ${pick("cfg.location_ids")}, ${pick("cfg.user_ids")}, CASE WHEN random() < 0.7 THEN ${pick("cfg.user_ids")} END,
               o.check_in_time,
               CASE WHEN random() < 0.8 THEN ((o.check_in_time AT TIME ZONE 'America/Santiago') + (1 + floor(random() * 7)::int) * interval '1 day')::date END,
               CASE WHEN o.status_id = ANY(o.done_ids) THEN o.check_in_time + (1 + random() * 5) * interval '1 day' END,
               CASE WHEN o.status_id = o.done_ids[1] THEN o.check_in_time + (2 + random() * 6) * interval '1 day' END,
               o.kms + floor(random() * 5000)::int,
               ${pick(texts(COMMENTS))},
               ${pick("'{recepción,crm,agenda}'::text[]")},
               (2 + floor(random() * 89)::int) * 10000,
               CASE WHEN random() < 0.02 THEN '[{"campaign": "Airbag Takata", "code": "R-2024-17"}]'::jsonb ELSE '[]'::jsonb END,
               CASE WHEN random() < 0.2 THEN jsonb_build_object('$$siniestro', (1000000 + floor(random() * 9000000)::int)::text)
                    ELSE '{}'::jsonb END,
               lb.id, lb.status_id, o.check_in_time, o.check_in_time,
               order_search_text(o.correlative_id, v.identifier, b.name, m.name, cl.name, cl.rut)
        FROM scale_orders o
        LEFT JOIN (SELECT DISTINCT ON (order_id) order_id, id, status_id FROM scale_budgets ORDER BY order_id, id DESC) lb
          ON lb.order_id = o.id
        JOIN scale_vehicles v ON v.id = o.vehicle_id
        JOIN brands b ON b.id = v.brand_id
        JOIN brand_models m ON m.id = v.brand_model_id
        LEFT JOIN clients cl ON cl.id = o.client_id
        CROSS JOIN (SELECT ARRAY(SELECT id FROM requirements WHERE company_id = ${c}) AS requirement_ids,
                           ARRAY(SELECT id FROM locations WHERE company_id = ${c}) AS location_ids,
                           ARRAY(SELECT id FROM users WHERE company_id = ${c}) AS user_ids) cfg`);
      // Each order's status history as the order page shows it: received in the company's first status, then moved
      // to the one it is in (when it was finished, or a day later for open orders).
      await run(sql`INSERT INTO order_status_logs (company_id, order_id, status_id, user_id, created_at)
        SELECT ${c}, o.id, s.status_id, o.user_id, s.at
        FROM orders o
        JOIN scale_orders so ON so.id = o.id
        CROSS JOIN (SELECT id FROM statuses WHERE company_id = ${c} AND type = 'Order' ORDER BY position, id LIMIT 1) first
        CROSS JOIN LATERAL (VALUES (first.id, o.check_in_time),
                                   (CASE WHEN o.status_id <> first.id THEN o.status_id END,
                                    coalesce(o.completed_at, o.check_in_time + interval '1 day'))) s(status_id, at)
        WHERE s.status_id IS NOT NULL`);
    });

    counts.budgets = await step("budgets", async () => {
      await run(sql`INSERT INTO budgets (id, company_id, order_id, status_id, correlative_id, total, created_at)
        SELECT id, ${c}, order_id, status_id, correlative_id, (5 + floor(random() * 76)::int) * 10000, created_at FROM scale_budgets`);
      const [row] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM scale_budgets`);
      return row?.n ?? 0;
    });

    counts.bookings = await step("bookings", async () => {
      // One vehicle in twenty has a booking in the coming month: the vehicles list's "Agendado".
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`WITH inserted AS (
              INSERT INTO bookings (company_id, vehicle_id, client_id, location_id, requirement_id, booking_date, booking_time)
              SELECT ${c}, v.id, v.client_id, ${pick("cfg.location_ids")}, ${pick("cfg.requirement_ids")},
                     (now() AT TIME ZONE 'America/Santiago')::date + (1 + floor(random() * 30)::int),
                     make_time(9 + floor(random() * 9)::int, 0, 0)
              FROM scale_vehicles v
              CROSS JOIN (SELECT ARRAY(SELECT id FROM requirements WHERE company_id = ${c}) AS requirement_ids,
                                 ARRAY(SELECT id FROM locations WHERE company_id = ${c}) AS location_ids) cfg
              WHERE v.rn % 20 = 3
              RETURNING 1)
            SELECT count(*)::int AS n FROM inserted`,
      );
      return row?.n ?? 0;
    });

    if (bulk) {
      await step("search triggers and trigram indexes back", async () => {
        for (const t of SEARCH_TRIGGERS) await run(sql.raw(`ALTER TABLE ${t} ENABLE TRIGGER ${t}_search_text`));
        await run(sql`SET LOCAL maintenance_work_mem = '256MB'`);
        for (const index of trigramIndexes) await run(sql.raw(index.indexdef));
      });
    }
  });
  await step("analyze", async () => {
    for (const table of ["clients", "vehicles", "orders", "budgets", "bookings", "order_status_counts"]) {
      await db.execute(sql.raw(`ANALYZE ${table}`));
    }
  });
  return { companyId, created, added: counts };
}
