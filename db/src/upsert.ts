// The shared pieces of the workbook import's set-based upserts and of their undo: each owner writes its own table's
// (a vehicle's in @taller/vehicles, a client's in @taller/crm), the import (@taller/manager) keeps the record of what
// they wrote and hands it back to them to undo a batch.
import { type Column, sql, type SQL } from "drizzle-orm";
import type { Db } from "./client";
import type { ImportEntity } from "./schema/manager";
import { queryRows } from "./sql";

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

/** The schema columns an upsert's answer reads: each row a key and the id it names. */
type IdsByKey = { key: Column & { _: { data: string } }; id: Column & { _: { data: number } } };

/**
 * An owner's upsert of a batch (none for an empty batch: no statement), answered as each row's id by its key, the
 * rows typed from the schema columns `S` names (its owner's test checks the statement against them).
 */
export async function upsertIds<S extends IdsByKey>(
  db: Db,
  rows: readonly unknown[],
  statement: () => SQL,
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const answered = await queryRows<RowOf<S>>(db, statement());
  return new Map(answered.map((r) => [r.key, r.id]));
}

/**
 * What one import batch wrote in a table, as the import's record answers it: `created`, a query of the ids it
 * inserted (one `id` column); `updated`, one row per record it overwrote (`record_id`; `previous`, the overwritten
 * columns before its first write, and `written`, after its last, as jsonb).
 */
export interface ImportedBatch {
  created: SQL;
  updated: SQL;
}

/**
 * The columns an owner's upsert overwrites in a record that existed, each with the table a foreign-key column points
 * at (null: not a reference), and those put back only together (a vehicle's model belongs to its brand).
 */
export interface Overwritten {
  columns: Record<string, ImportEntity | null>;
  together?: readonly string[];
}

/**
 * The undo of a batch's overwrites in `table` (its owner's function runs it): each column goes back to what it was
 * only while it still holds what the import wrote (an edit made since is kept), and a reference only if its row
 * still exists in the company. `p` and `w` are the stored jsonb read back as rows of the table, so every column keeps
 * its type. Only records where some column really goes back are written; answers how many.
 */
export async function restoreImported(
  db: Db,
  companyId: number,
  table: ImportEntity,
  overwritten: Overwritten,
  batch: ImportedBatch,
): Promise<number> {
  const names = Object.keys(overwritten.columns);
  const col = (alias: string, c: string) => sql`${sql.raw(alias)}.${sql.identifier(c)}`;
  const own = (c: string) => {
    const ref = overwritten.columns[c];
    const still = sql`${col("t", c)} IS NOT DISTINCT FROM ${col("w", c)}`;
    return ref
      ? sql`${still} AND (${col("p", c)} IS NULL OR EXISTS (SELECT 1 FROM ${sql.identifier(ref)} r WHERE r.company_id = t.company_id AND r.id = ${col("p", c)}))`
      : still;
  };
  const together = overwritten.together ?? [];
  const restorable = (c: string) =>
    sql.join(
      (together.includes(c) ? together : [c]).map((g) => sql`(${own(g)})`),
      sql` AND `,
    );
  const sets = names.map(
    (c) => sql`${sql.identifier(c)} = CASE WHEN ${restorable(c)} THEN ${col("p", c)} ELSE ${col("t", c)} END`,
  );
  const changes = names.map((c) => sql`(${col("p", c)} IS DISTINCT FROM ${col("t", c)} AND ${restorable(c)})`);
  const target = sql.identifier(table);
  const restored = await queryRows<{ id: number }>(
    db,
    sql`UPDATE ${target} t SET ${sql.join(sets, sql`, `)}, updated_at = now()
        FROM (${batch.updated}) u, jsonb_populate_record(NULL::${target}, u.previous) p,
          jsonb_populate_record(NULL::${target}, u.written) w
        WHERE t.id = u.record_id AND t.company_id = ${companyId} AND (${sql.join(changes, sql` OR `)})
        RETURNING t.id`,
  );
  return restored.length;
}

/** Every foreign key pointing at `table`, with its column pairs, from the database's catalog. */
function foreignKeysTo(db: Db, table: ImportEntity) {
  return queryRows<{ schema: string; table: string; columns: string[]; refColumns: string[] }>(
    db,
    sql`SELECT n.nspname::text AS schema, t.relname::text AS "table",
          array_agg(a.attname::text ORDER BY k.i) AS columns, array_agg(r.attname::text ORDER BY k.i) AS "refColumns"
        FROM pg_constraint c
        JOIN pg_class t ON t.oid = c.conrelid
        JOIN pg_namespace n ON n.oid = t.relnamespace
        CROSS JOIN LATERAL unnest(c.conkey, c.confkey) WITH ORDINALITY AS k(col, refcol, i)
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.col
        JOIN pg_attribute r ON r.attrelid = c.confrelid AND r.attnum = k.refcol
        WHERE c.contype = 'f' AND c.confrelid = ${table}::regclass
        GROUP BY c.oid, n.nspname, t.relname`,
  );
}

/**
 * The undo of a batch's inserts in `table` (its owner's function runs it): the rows it created, locked first and
 * then deleted unless another record now points at one (an order on an imported vehicle, a CRM management of an
 * imported client), which is kept. Which records point at the table is read from its foreign keys, so a table added
 * later is respected. Answers how many rows were found and how many deleted.
 */
export async function deleteImported(
  db: Db,
  companyId: number,
  table: ImportEntity,
  batch: ImportedBatch,
): Promise<{ found: number; deleted: number }> {
  const target = sql.identifier(table);
  // Locked first, checked in the next statement: a record being attached to one of these rows right now either
  // committed before the lock (and the check sees it) or waits for this transaction and then fails its own check.
  const locked = await queryRows<{ id: number }>(
    db,
    sql`SELECT t.id FROM ${target} t WHERE t.company_id = ${companyId} AND t.id IN (${batch.created}) FOR UPDATE`,
  );
  if (locked.length === 0) return { found: 0, deleted: 0 };
  const unreferenced = (await foreignKeysTo(db, table)).map(
    (k) =>
      sql`NOT EXISTS (SELECT 1 FROM ${sql.identifier(k.schema)}.${sql.identifier(k.table)} r WHERE ${sql.join(
        k.columns.map((c, i) => sql`r.${sql.identifier(c)} = t.${sql.identifier(k.refColumns[i] ?? "id")}`),
        sql` AND `,
      )})`,
  );
  const deleted = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM ${target} t WHERE t.company_id = ${companyId} AND t.id IN (${batch.created})
          AND ${unreferenced.length ? sql.join(unreferenced, sql` AND `) : sql`true`} RETURNING t.id`,
  );
  return { found: locked.length, deleted: deleted.length };
}
