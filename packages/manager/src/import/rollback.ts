/**
 * 'Deshacer importación': puts back what an import batch overwrote in records that existed before (import_updated),
 * then deletes the rows it created (import_created), and only those. A column is put back only while it still holds
 * the value the import wrote: an edit made since, by staff or by a later import, is kept. A created row that another
 * record now points at (an order on an imported vehicle, a vehicle added by hand for an imported client, a CRM
 * management) is kept and counted, never deleted under its dependant. Which records point at a table is read from the
 * database's own foreign keys, so a table added later is respected without touching this file.
 */
import type { Db, ImportEntity, RollbackReport } from "@taller/db";
import { importCreated, importUpdated, queryRows } from "@taller/db";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { asDb, lockCompanyImports, OVERWRITTEN, type OverwrittenEntity, type Tx } from "./write";

/** Dependants first: vehicles point at clients, brands and models; models at brands; products at categories. */
const ORDER: ImportEntity[] = ["vehicles", "products", "clients", "brand_models", "brands", "product_categories"];

interface ForeignKey {
  schema: string;
  table: string;
  columns: string[];
  refColumns: string[];
}

/** Every foreign key pointing at `table`, with its column pairs. */
function foreignKeysTo(tx: Tx, table: ImportEntity): Promise<ForeignKey[]> {
  return queryRows<ForeignKey>(
    asDb(tx),
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

/** "No row of any referencing table points at t": one NOT EXISTS per foreign key. */
function unreferenced(keys: ForeignKey[]): SQL {
  const conditions = keys.map(
    (k) =>
      sql`NOT EXISTS (SELECT 1 FROM ${sql.identifier(k.schema)}.${sql.identifier(k.table)} r WHERE ${sql.join(
        k.columns.map((c, i) => sql`r.${sql.identifier(c)} = t.${sql.identifier(k.refColumns[i] ?? "id")}`),
        sql` AND `,
      )})`,
  );
  return conditions.length ? sql.join(conditions, sql` AND `) : sql`true`;
}

/** Columns put back only together: a vehicle's model belongs to its brand. */
const TOGETHER: Partial<Record<OverwrittenEntity, readonly string[]>> = { vehicles: ["brand_id", "brand_model_id"] };

/**
 * Puts back the batch's overwritten columns that still hold what it wrote; answers how many records changed. A record
 * the batch wrote twice (in two of its writes) goes back to what it was before the first and is compared with what
 * the last wrote. `p` and `w` are the stored jsonb read back as rows of the table, so every column keeps its type. A
 * reference is put back only if its row still exists in the company. Only records where some column really goes
 * back are written (and counted): a column the import left as it was changes nothing.
 */
async function restoreOverwritten(
  tx: Tx,
  companyId: number,
  batchId: string,
  entity: OverwrittenEntity,
): Promise<number> {
  const references: Record<string, ImportEntity | null> = OVERWRITTEN[entity];
  const columns = Object.keys(references);
  const col = (alias: string, c: string) => sql`${sql.raw(alias)}.${sql.identifier(c)}`;
  // The column still holds the import's value, and the row it would point at again exists.
  const own = (c: string) => {
    const ref = references[c];
    const still = sql`${col("t", c)} IS NOT DISTINCT FROM ${col("w", c)}`;
    return ref
      ? sql`${still} AND (${col("p", c)} IS NULL OR EXISTS (SELECT 1 FROM ${sql.identifier(ref)} r WHERE r.company_id = t.company_id AND r.id = ${col("p", c)}))`
      : still;
  };
  const together = TOGETHER[entity] ?? [];
  const restorable = (c: string) =>
    sql.join(
      (together.includes(c) ? together : [c]).map((g) => sql`(${own(g)})`),
      sql` AND `,
    );
  const sets = columns.map(
    (c) => sql`${sql.identifier(c)} = CASE WHEN ${restorable(c)} THEN ${col("p", c)} ELSE ${col("t", c)} END`,
  );
  const changes = columns.map((c) => sql`(${col("p", c)} IS DISTINCT FROM ${col("t", c)} AND ${restorable(c)})`);
  const table = sql.identifier(entity);
  const restored = await queryRows<{ id: number }>(
    asDb(tx),
    sql`UPDATE ${table} t SET ${sql.join(sets, sql`, `)}, updated_at = now()
        FROM (SELECT record_id, (array_agg(previous ORDER BY id))[1] AS previous, (array_agg(written ORDER BY id DESC))[1] AS written
                FROM import_updated WHERE batch_id = ${batchId} AND company_id = ${companyId} AND entity = ${entity} GROUP BY record_id) u,
          jsonb_populate_record(NULL::${table}, u.previous) p, jsonb_populate_record(NULL::${table}, u.written) w
        WHERE t.id = u.record_id AND t.company_id = ${companyId} AND (${sql.join(changes, sql` OR `)})
        RETURNING t.id`,
  );
  return restored.length;
}

/** Puts back what the batch overwrote and deletes what it created and nobody points at, in the caller's transaction. */
export async function rollbackBatch(tx: Tx, companyId: number, batchId: string): Promise<RollbackReport> {
  await lockCompanyImports(tx, companyId, "records", "vehicles");
  const report: RollbackReport = { deleted: 0, restored: 0, kept: {} };
  // First: putting a reference back may free a created row for deletion.
  for (const entity of Object.keys(OVERWRITTEN) as OverwrittenEntity[]) {
    report.restored += await restoreOverwritten(tx, companyId, batchId, entity);
  }
  for (const entity of ORDER) {
    const table = sql.identifier(entity);
    const created = sql`SELECT unnest(record_ids) FROM import_created WHERE batch_id = ${batchId} AND company_id = ${companyId} AND entity = ${entity}`;
    // Locked first, checked in the next statement: a record being attached to one of these rows right now either
    // committed before the lock (and the check sees it) or waits for this transaction and then fails its own check.
    const locked = await queryRows<{ id: number }>(
      asDb(tx),
      sql`SELECT t.id FROM ${table} t WHERE t.company_id = ${companyId} AND t.id IN (${created}) FOR UPDATE`,
    );
    if (locked.length === 0) continue;
    const deleted = await queryRows<{ id: number }>(
      asDb(tx),
      sql`DELETE FROM ${table} t WHERE t.company_id = ${companyId} AND t.id IN (${created})
            AND ${unreferenced(await foreignKeysTo(tx, entity))} RETURNING t.id`,
    );
    report.deleted += deleted.length;
    if (locked.length > deleted.length) report.kept[entity] = locked.length - deleted.length;
  }
  await forgetBatches(asDb(tx), [{ companyId, batchId }]);
  return report;
}

/**
 * Drops the records of what these imports (a connection's company and batch; no batch: nothing) created and
 * overwrote: nothing can undo them afterwards.
 */
export async function forgetBatches(
  db: Db,
  imports: readonly { companyId: number; batchId: string | null }[],
): Promise<void> {
  for (const { companyId, batchId } of imports) {
    if (!batchId) continue;
    await db
      .delete(importCreated)
      .where(and(eq(importCreated.companyId, companyId), eq(importCreated.batchId, batchId)));
    await db
      .delete(importUpdated)
      .where(and(eq(importUpdated.companyId, companyId), eq(importUpdated.batchId, batchId)));
  }
}
