/**
 * Writes mapped rows into a company, a batch at a time, as upserts keyed by what the spreadsheet knows a record by:
 * RUT (clients), identifier (vehicles), name (brands, models, categories) and code (products). Importing the same
 * rows twice therefore changes nothing the second time. Each batch is one transaction holding the company's import
 * lock (a transaction-level advisory lock), so two imports into one company cannot both insert the same new RUT.
 * Rows created (not updated) are recorded in import_created under the batch id, for a rollback (rollback.ts).
 *
 * Each entity is one statement per batch over a jsonb recordset: a batch of thousands of rows is a handful of round trips.
 */
import { type Db, type ImportEntity, queryRows } from "@taller/db";
import { sql } from "drizzle-orm";
import type { MappedRow } from "./map";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Last row wins for a key repeated within a batch. */
function byKey<T>(items: T[], key: (t: T) => string): T[] {
  return [...new Map(items.map((i) => [key(i), i])).values()];
}

/** queryRows runs on a transaction as on the pool (its PGlite/in-transaction path). */
export const asDb = (tx: Tx) => tx as unknown as Db;

/** The company's import lock, held to commit: one import (or rollback) writes into a company at a time. */
export async function lockCompanyImports(tx: Tx, companyId: number): Promise<void> {
  await queryRows(asDb(tx), sql`SELECT pg_advisory_xact_lock(hashtext('manager-import'), ${companyId})`);
}

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

async function idsBy(tx: Tx, query: ReturnType<typeof sql>): Promise<Map<string, number>> {
  const rows = await queryRows<{ key: string; id: number }>(asDb(tx), query);
  return new Map(rows.map((r) => [r.key, Number(r.id)]));
}

/** Writes one batch of mapped rows into the company. */
export async function writeBatch(db: Db, companyId: number, batchId: string, rows: MappedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    await lockCompanyImports(tx, companyId);
    // One import_created row per entity and batch write: the ids it inserted, as an array (none: no row).
    const created = (entity: ImportEntity, ins: string, where = "true") =>
      sql`INSERT INTO import_created (batch_id, company_id, entity, record_ids)
        SELECT ${batchId}, ${companyId}, ${entity}, array_agg(id) FROM ${sql.raw(ins)} WHERE ${sql.raw(where)} HAVING count(*) > 0`;

    const categories = byKey(rows.flatMap((r) => (r.category ? [{ name: r.category }] : [])), (c) => c.name);
    const categoryIds = categories.length
      ? await idsBy(
          tx,
          sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${json(categories)}) AS x(name text)),
            ins AS (INSERT INTO product_categories (company_id, name) SELECT ${companyId}, name FROM v ON CONFLICT (company_id, name) DO NOTHING RETURNING id, name),
            rec AS (${created("product_categories", "ins")})
            SELECT name AS key, id FROM ins UNION ALL SELECT c.name, c.id FROM product_categories c JOIN v ON v.name = c.name WHERE c.company_id = ${companyId}`,
        )
      : new Map<string, number>();

    const products = byKey(
      rows.flatMap((r) => (r.product ? [{ ...r.product, category_id: r.category ? (categoryIds.get(r.category) ?? null) : null }] : [])),
      (p) => p.code,
    );
    if (products.length) {
      await queryRows(asDb(tx), sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${json(products)})
          AS x(code text, name text, price int, buy_price int, description text, category_id int)),
        up AS (INSERT INTO products (company_id, code, name, price, buy_price, description, category_id)
          SELECT ${companyId}, code, name, price, buy_price, description, category_id FROM v
          ON CONFLICT (company_id, code) DO UPDATE SET name = excluded.name, price = excluded.price, buy_price = excluded.buy_price,
            description = coalesce(excluded.description, products.description), category_id = coalesce(excluded.category_id, products.category_id),
            updated_at = now()
          RETURNING id, (xmax = 0) AS inserted)
        ${created("products", "up", "inserted")}`);
    }

    const brands = byKey(rows.flatMap((r) => (r.brand ? [{ name: r.brand }] : [])), (b) => b.name);
    const brandIds = brands.length
      ? await idsBy(
          tx,
          sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${json(brands)}) AS x(name text)),
            ins AS (INSERT INTO brands (company_id, name) SELECT ${companyId}, v.name FROM v
              WHERE NOT EXISTS (SELECT 1 FROM brands b WHERE b.company_id = ${companyId} AND b.name = v.name) RETURNING id, name),
            rec AS (${created("brands", "ins")})
            SELECT name AS key, id FROM ins
            UNION ALL SELECT DISTINCT ON (b.name) b.name, b.id FROM brands b JOIN v ON v.name = b.name WHERE b.company_id = ${companyId}`,
        )
      : new Map<string, number>();

    const models = byKey(
      rows.flatMap((r) => (r.brand && r.model ? [{ brand_id: brandIds.get(r.brand) ?? 0, name: r.model }] : [])),
      (m) => `${m.brand_id}\u001f${m.name}`,
    );
    const modelIds = models.length
      ? await idsBy(
          tx,
          sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${json(models)}) AS x(brand_id int, name text)),
            ins AS (INSERT INTO brand_models (company_id, brand_id, name) SELECT ${companyId}, v.brand_id, v.name FROM v
              WHERE NOT EXISTS (SELECT 1 FROM brand_models m WHERE m.company_id = ${companyId} AND m.brand_id = v.brand_id AND m.name = v.name)
              RETURNING id, brand_id, name),
            rec AS (${created("brand_models", "ins")})
            SELECT brand_id || chr(31) || name AS key, id FROM ins
            UNION ALL SELECT DISTINCT ON (m.brand_id, m.name) m.brand_id || chr(31) || m.name, m.id
              FROM brand_models m JOIN v ON v.brand_id = m.brand_id AND v.name = m.name WHERE m.company_id = ${companyId}`,
        )
      : new Map<string, number>();

    const clients = byKey(rows.flatMap((r) => (r.client ? [r.client] : [])), (c) => c.rut);
    const clientIds = clients.length
      ? await idsBy(
          tx,
          sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${json(clients)})
              AS x(rut text, name text, email text, phone text, address text, city text)),
            upd AS (UPDATE clients c SET name = v.name, email = coalesce(v.email, c.email), phone = coalesce(v.phone, c.phone),
                address = coalesce(v.address, c.address), city = coalesce(v.city, c.city), updated_at = now()
              FROM v WHERE c.company_id = ${companyId} AND c.rut = v.rut
                AND (c.name, c.email, c.phone, c.address, c.city) IS DISTINCT FROM
                    (v.name, coalesce(v.email, c.email), coalesce(v.phone, c.phone), coalesce(v.address, c.address), coalesce(v.city, c.city))
              RETURNING c.id),
            ins AS (INSERT INTO clients (company_id, rut, name, email, phone, address, city)
              SELECT ${companyId}, rut, name, email, phone, address, city FROM v
              WHERE NOT EXISTS (SELECT 1 FROM clients c WHERE c.company_id = ${companyId} AND c.rut = v.rut) RETURNING id, rut),
            rec AS (${created("clients", "ins")})
            SELECT rut AS key, id FROM ins
            UNION ALL SELECT DISTINCT ON (c.rut) c.rut, c.id FROM clients c JOIN v ON v.rut = c.rut WHERE c.company_id = ${companyId}`,
        )
      : new Map<string, number>();

    // A client's name as written above: the last row of the batch with its RUT.
    const clientNames = new Map(clients.map((c) => [c.rut, c.name]));
    const vehicles = byKey(
      rows.flatMap((r) =>
        r.vehicle
          ? [
              {
                ...r.vehicle,
                // What the search text is made of, as the rows just written hold it (see the INSERT below).
                brand: r.brand ?? null,
                model: r.brand && r.model ? r.model : null,
                client_name: r.client ? (clientNames.get(r.client.rut) ?? null) : null,
                client_rut: r.client?.rut ?? null,
                client_id: r.client ? (clientIds.get(r.client.rut) ?? null) : null,
                brand_id: r.brand ? (brandIds.get(r.brand) ?? null) : null,
                brand_model_id: r.brand && r.model ? (modelIds.get(`${brandIds.get(r.brand) ?? 0}\u001f${r.model}`) ?? null) : null,
              },
            ]
          : [],
      ),
      (v) => v.identifier,
    );
    if (vehicles.length) {
      await queryRows(asDb(tx), sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${json(vehicles)})
          AS x(identifier text, chassis text, year int, color text, custom_fields jsonb, client_id int, brand_id int, brand_model_id int,
            brand text, model text, client_name text, client_rut text)),
        upd AS (UPDATE vehicles t SET chassis = coalesce(v.chassis, t.chassis), year = coalesce(v.year, t.year), color = coalesce(v.color, t.color),
            custom_fields = t.custom_fields || v.custom_fields, client_id = coalesce(v.client_id, t.client_id),
            brand_id = coalesce(v.brand_id, t.brand_id), brand_model_id = coalesce(v.brand_model_id, t.brand_model_id), updated_at = now()
          FROM v WHERE t.company_id = ${companyId} AND t.identifier = v.identifier
            AND (t.chassis, t.year, t.color, t.custom_fields, t.client_id, t.brand_id, t.brand_model_id) IS DISTINCT FROM
                (coalesce(v.chassis, t.chassis), coalesce(v.year, t.year)::smallint, coalesce(v.color, t.color), t.custom_fields || v.custom_fields,
                 coalesce(v.client_id, t.client_id), coalesce(v.brand_id, t.brand_id), coalesce(v.brand_model_id, t.brand_model_id))
          RETURNING t.id),
        -- The search text composed here by the fill trigger's own function (the trigger then skips these rows), from
        -- the names this batch just wrote: brands and models are matched by name, and a client's name is the one
        -- written above for its RUT. An updated vehicle keeps the trigger: its client, brand or model may be ones
        -- this batch does not name.
        ins AS (INSERT INTO vehicles (company_id, identifier, chassis, year, color, custom_fields, client_id, brand_id, brand_model_id, search_text)
          SELECT ${companyId}, identifier, chassis, year, color, custom_fields, client_id, brand_id, brand_model_id,
            vehicle_search_text(identifier, chassis, brand, model, client_name, client_rut)
          FROM v
          WHERE NOT EXISTS (SELECT 1 FROM vehicles t WHERE t.company_id = ${companyId} AND t.identifier = v.identifier) RETURNING id)
        ${created("vehicles", "ins")}`);
    }
  });
}
