/**
 * 'Deshacer importación': deletes the rows an import batch created (import_created), and only those. What the batch
 * updated in records that existed before stays as the import left it: their previous values were never kept, and
 * keeping them would double the import's writes. A created row that another record now points at (an order on an
 * imported vehicle, a vehicle added by hand for an imported client, a CRM management) is kept and counted, never
 * deleted under its dependant. Which records point at a table is read from the database's own foreign keys, so a
 * table added later is respected without touching this file.
 */
import type { ImportEntity, RollbackReport } from "@taller/db";
import { queryRows } from "@taller/db";
import { type SQL, sql } from "drizzle-orm";
import { asDb, lockCompanyImports, type Tx } from "./write";

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

/** Deletes what the batch created and nobody points at, in the caller's transaction; answers what it did. */
export async function rollbackBatch(tx: Tx, companyId: number, batchId: string): Promise<RollbackReport> {
  await lockCompanyImports(tx, companyId);
  const report: RollbackReport = { deleted: 0, kept: {} };
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
  await queryRows(asDb(tx), sql`DELETE FROM import_created WHERE batch_id = ${batchId} AND company_id = ${companyId}`);
  return report;
}
