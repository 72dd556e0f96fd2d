// The shared pieces of the workbook import's set-based upserts: each owner writes its own table's (a vehicle's in
// @taller/vehicles, a client's in @taller/crm), the import (@taller/manager) keeps the record of what they wrote.
import { type Column, sql, type SQL } from "drizzle-orm";

/**
 * The import's record of what an upsert wrote, as statements the upsert runs inside its own (as CTEs, so a batch
 * stays one round trip): `created` receives the ids it inserted (a query of one `id` column), `updated` the rows it
 * changed (`id`, and the overwritten columns' values before and after as jsonb: `previous`, `written`).
 */
export interface UpsertRecord {
  created(inserted: SQL): SQL;
  updated(changed: SQL): SQL;
}

/** A batch's rows as the recordset `v` reads: one jsonb parameter, whatever the batch's length. */
export const jsonParam = (rows: unknown[]): SQL => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * The upserts' `e`: the company's records with the batch's keys (`v`'s `key`), as (id, key), read once for the rows
 * that change, the INSERT's "not there yet" and the ids answered.
 */
export const existingByKey = (companyId: number, table: string, key: string): SQL => {
  const k = sql.identifier(key);
  return sql`SELECT o.id, o.${k} FROM v JOIN ${sql.identifier(table)} o ON o.company_id = ${companyId} AND o.${k} = v.${k}`;
};

/** The named columns as `alias` holds them, as one jsonb object (an upsert's `previous` and `written`). */
export const jsonbOf = (columns: readonly string[], alias: string): SQL =>
  sql.raw(`jsonb_build_object(${columns.map((c) => `'${c}', ${alias}.${c}`).join(", ")})`);

/**
 * The row a raw statement answers, typed from the schema columns it returns ({ name: column }); a test checks the
 * statement's result columns against the database (`expectRowOf` in @taller/testing), so a renamed or retyped
 * column fails there, not in use.
 */
export type RowOf<S extends Record<string, Column>> = { [K in keyof S]: S[K]["_"]["data"] };

/** An upsert's answer, rows of a key and the id it names, as a map. */
export const idsByKey = (rows: readonly { key: string; id: number }[]): Map<string, number> =>
  new Map(rows.map((r) => [r.key, r.id]));
