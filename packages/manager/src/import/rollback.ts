/**
 * 'Deshacer importación': puts back what an import batch overwrote in records that existed before (import_updated),
 * then deletes the rows it created (import_created), and only those. A column is put back only while it still holds
 * the value the import wrote: an edit made since, by staff or by a later import, is kept. A created row that another
 * record now points at (an order on an imported vehicle, a vehicle added by hand for an imported client, a CRM
 * management) is kept and counted, never deleted under its dependant. Each table's owner writes its undo
 * (`restoreImported…`, `deleteImported…` from its `/import` entry); this file hands it the batch's record.
 */
import { deleteImportedClients, restoreImportedClients } from "@taller/crm/import";
import type { Db, ImportedBatch, ImportEntity, RollbackReport } from "@taller/db";
import { importCreated, importUpdated } from "@taller/db";
import { deleteImportedCategories, deleteImportedProducts, restoreImportedProducts } from "@taller/inventory/import";
import {
  deleteImportedBrands,
  deleteImportedModels,
  deleteImportedVehicles,
  restoreImportedVehicles,
} from "@taller/vehicles/import";
import { and, eq, sql } from "drizzle-orm";
import { asDb, lockCompanyImports, type Tx } from "./write";

type Undo<T> = (db: Db, companyId: number, batch: ImportedBatch) => Promise<T>;

/** Each table's owner puts back what a batch overwrote in records that existed before. */
const RESTORE: [ImportEntity, Undo<number>][] = [
  ["clients", restoreImportedClients],
  ["products", restoreImportedProducts],
  ["vehicles", restoreImportedVehicles],
];

/** Each table's owner deletes what a batch created: dependants first (vehicles point at clients, brands and models;
 * models at brands; products at categories). */
const DELETE: [ImportEntity, Undo<{ found: number; deleted: number }>][] = [
  ["vehicles", deleteImportedVehicles],
  ["products", deleteImportedProducts],
  ["clients", deleteImportedClients],
  ["brand_models", deleteImportedModels],
  ["brands", deleteImportedBrands],
  ["product_categories", deleteImportedCategories],
];

/**
 * The import's record of a batch in one table, as its owner's undo reads it: the ids it created, and per record it
 * overwrote the values before the batch's first write and after its last (a record written twice goes back to what
 * it was before the first and is compared with what the last wrote).
 */
const recorded = (companyId: number, batchId: string, entity: ImportEntity): ImportedBatch => ({
  created: sql`SELECT unnest(record_ids) FROM import_created
               WHERE batch_id = ${batchId} AND company_id = ${companyId} AND entity = ${entity}`,
  updated: sql`SELECT record_id, (array_agg(previous ORDER BY id))[1] AS previous,
                      (array_agg(written ORDER BY id DESC))[1] AS written
               FROM import_updated WHERE batch_id = ${batchId} AND company_id = ${companyId} AND entity = ${entity}
               GROUP BY record_id`,
});

/** Puts back what the batch overwrote and deletes what it created and nobody points at, in the caller's transaction. */
export async function rollbackBatch(tx: Tx, companyId: number, batchId: string): Promise<RollbackReport> {
  await lockCompanyImports(tx, companyId, "records", "vehicles");
  const db = asDb(tx);
  const report: RollbackReport = { deleted: 0, restored: 0, kept: {} };
  // First: putting a reference back may free a created row for deletion.
  for (const [entity, restore] of RESTORE)
    report.restored += await restore(db, companyId, recorded(companyId, batchId, entity));
  for (const [entity, remove] of DELETE) {
    const { found, deleted } = await remove(db, companyId, recorded(companyId, batchId, entity));
    report.deleted += deleted;
    if (found > deleted) report.kept[entity] = found - deleted;
  }
  await forgetBatches(db, [{ companyId, batchId }]);
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
