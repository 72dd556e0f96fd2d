/**
 * Writes mapped rows into a company, a batch at a time, as upserts keyed by what the spreadsheet knows a record by:
 * RUT (clients), identifier (vehicles), name (brands, models, categories) and code (products). Importing the same
 * rows twice therefore changes nothing the second time. Each batch is two transactions, its records then its vehicles
 * (writeRecords, writeVehicles), each holding its stage's company import lock, so two imports into one company cannot
 * both insert the same new RUT or plate.
 * Rows created are recorded in import_created under the batch id, and the previous values of records it changed in
 * import_updated, for a rollback (rollback.ts).
 *
 * Each entity is one statement per batch over a jsonb recordset: a batch of thousands of rows is a handful of round
 * trips. The statements are the tables' owners' (@taller/inventory's importCategories and importProducts,
 * @taller/vehicles' importBrands, importModels and importVehicles, @taller/crm's importClients); each runs this
 * file's record of what it wrote inside its own statement (an UpsertRecord), so the round trips stay as few.
 */
import { createHash } from "node:crypto";
import { importClients } from "@taller/crm/import";
import { type Db, type ImportEntity, queryRows, type UpsertRecord } from "@taller/db";
import { importCategories, importProducts } from "@taller/inventory/import";
import { importBrands, importModels, importVehicles, modelKey } from "@taller/vehicles/import";
import { type SQL, sql } from "drizzle-orm";
import type { MappedRow } from "./map";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Last row wins for a key repeated within a batch. */
function byKey<T>(items: T[], key: (t: T) => string): T[] {
  return [...new Map(items.map((i) => [key(i), i])).values()];
}

/** queryRows runs on a transaction as on the pool (its PGlite/in-transaction path). */
export const asDb = (tx: Tx) => tx as unknown as Db;

/**
 * The company's import locks, held to commit, one per stage of a batch (see writeRecords / writeVehicles): each
 * stage of the imports into one company runs one at a time, so two imports cannot both insert the same new RUT or
 * plate, while one batch's vehicles are written beside the next batch's other records. An undo takes both, in
 * this order; no stage takes both, so they cannot deadlock over them. Rows are locked in id order in both stages
 * (the clients a batch changes, the clients its vehicles name), so a batch's vehicles and the next batch's records
 * cannot deadlock over rows either: both lock clients before vehicles, and clients by id.
 */
const IMPORT_LOCKS = { records: "manager-import", vehicles: "manager-import-vehicles" } as const;
export type ImportStage = keyof typeof IMPORT_LOCKS;

/**
 * Prepared: after its first use on a connection, one round trip (an unprepared statement with parameters takes two).
 */
export async function lockCompanyImports(
  tx: Tx,
  companyId: number,
  ...stages: [ImportStage, ...ImportStage[]]
): Promise<void> {
  for (const stage of stages)
    await queryRows(asDb(tx), sql`SELECT pg_advisory_xact_lock(hashtext(${IMPORT_LOCKS[stage]}), ${companyId})`, {
      prepare: true,
    });
}

/** One import_created row per entity and batch write: the ids it inserted, as an array (none: no row). */
const created = (batchId: string, companyId: number, entity: ImportEntity, inserted: SQL) =>
  sql`INSERT INTO import_created (batch_id, company_id, entity, record_ids)
    SELECT ${batchId}, ${companyId}, ${entity}, array_agg(id) FROM (${inserted}) ins HAVING count(*) > 0`;
/** One import_updated row per record it changed (id, previous, written). */
const updated = (batchId: string, companyId: number, entity: ImportEntity, changed: SQL) =>
  sql`INSERT INTO import_updated (batch_id, company_id, entity, record_id, previous, written)
    SELECT ${batchId}, ${companyId}, ${entity}, id, previous, written FROM (${changed}) upd WHERE previous IS DISTINCT FROM written`;
/** The record an owner's upsert of `entity` keeps for this batch. */
const importRecord = (batchId: string, companyId: number, entity: ImportEntity): UpsertRecord => ({
  created: (inserted) => created(batchId, companyId, entity, inserted),
  updated: (changed) => updated(batchId, companyId, entity, changed),
});

/**
 * The products an import's earlier batches upserted, with the values they wrote: a later row with the same code
 * and values would change nothing, and is not sent (a sheet of service lines names one product on many rows).
 * Bounded: each code keeps a digest of its values, not the values (a description may be 2,000 characters), and past
 * MAX codes new ones are no longer remembered (they are upserted as usual). A product a staff member edits during
 * the import is therefore not written back by a later row that only repeats what the import already wrote.
 */
export class WrittenProducts {
  static readonly MAX = 20_000;
  private readonly digests = new Map<string, string>();
  /** Whether `product` must be written (not already written with these values); remembers it as written. */
  needsWrite<P extends { code: string }>(product: P): boolean {
    const digest = createHash("sha256").update(JSON.stringify(product)).digest("base64");
    if (this.digests.get(product.code) === digest) return false;
    if (this.digests.has(product.code) || this.digests.size < WrittenProducts.MAX)
      this.digests.set(product.code, digest);
    return true;
  }
}

/** What a batch's vehicles refer to, as its records stage wrote them: ids by RUT, brand name and brand+model. */
export interface BatchIds {
  clientIds: Map<string, number>;
  brandIds: Map<string, number>;
  modelIds: Map<string, number>;
}

/** A batch's first stage: categories, products, brands, models and clients, in one transaction. */
export async function writeRecords(
  db: Db,
  companyId: number,
  batchId: string,
  rows: MappedRow[],
  written = new WrittenProducts(),
): Promise<BatchIds> {
  const none: BatchIds = { clientIds: new Map(), brandIds: new Map(), modelIds: new Map() };
  if (rows.length === 0) return none;
  const recordOf = (entity: ImportEntity) => importRecord(batchId, companyId, entity);
  return db.transaction(async (tx) => {
    await lockCompanyImports(tx, companyId, "records");
    const txDb = asDb(tx);

    const categories = [...new Set(rows.flatMap((r) => (r.category ? [r.category] : [])))];
    const categoryIds = await importCategories(txDb, companyId, categories, recordOf("product_categories"));

    const products = byKey(
      rows.flatMap((r) =>
        r.product ? [{ ...r.product, category_id: r.category ? (categoryIds.get(r.category) ?? null) : null }] : [],
      ),
      (p) => p.code,
    ).filter((p) => written.needsWrite(p));
    await importProducts(txDb, companyId, products, recordOf("products"));

    const brands = [...new Set(rows.flatMap((r) => (r.brand ? [r.brand] : [])))];
    const brandIds = await importBrands(txDb, companyId, brands, recordOf("brands"));

    const models = byKey(
      rows.flatMap((r) => (r.brand && r.model ? [{ brand_id: brandIds.get(r.brand) ?? 0, name: r.model }] : [])),
      (m) => modelKey(m.brand_id, m.name),
    );
    const modelIds = await importModels(txDb, companyId, models, recordOf("brand_models"));

    const clients = byKey(
      rows.flatMap((r) => (r.client ? [r.client] : [])),
      (c) => c.rut,
    );
    const clientIds = await importClients(txDb, companyId, clients, recordOf("clients"));

    return { clientIds, brandIds, modelIds };
  });
}

/**
 * Where a batch's vehicles stand in an import's order: they may queue for the company's vehicles lock while the
 * batch before holds it (the transaction opened, ready to write the moment it commits), and are written only once
 * that batch is done (a rejection aborts them).
 */
export interface VehiclesTurn {
  /** The batch before: settled once it committed or failed. */
  after: Promise<unknown>;
  /** Called when this batch holds the lock: the next batch may queue behind it. */
  onLocked: () => void;
}

/**
 * A batch's second stage: its vehicles, in one transaction, referring to what its first stage wrote. `ids` must be
 * writeRecords' answer for the same company: the rows they name are locked by id alone.
 */
export async function writeVehicles(
  db: Db,
  companyId: number,
  batchId: string,
  rows: MappedRow[],
  { clientIds, brandIds, modelIds }: BatchIds,
  turn?: VehiclesTurn,
): Promise<void> {
  const vehicles = byKey(
    rows.flatMap((r) =>
      r.vehicle
        ? [
            {
              ...r.vehicle,
              client_id: r.client ? (clientIds.get(r.client.rut) ?? null) : null,
              brand_id: r.brand ? (brandIds.get(r.brand) ?? null) : null,
              brand_model_id:
                r.brand && r.model ? (modelIds.get(modelKey(brandIds.get(r.brand) ?? 0, r.model)) ?? null) : null,
            },
          ]
        : [],
    ),
    (v) => v.identifier,
  );
  if (vehicles.length === 0) {
    turn?.onLocked();
    await turn?.after;
    return;
  }
  await db.transaction(async (tx) => {
    await lockCompanyImports(tx, companyId, "vehicles");
    turn?.onLocked();
    await turn?.after;
    await importVehicles(asDb(tx), companyId, vehicles, importRecord(batchId, companyId, "vehicles"));
  });
}
