// A workbook's vehicles, brands and models (@taller/manager's import), written by their owner as one set-based
// statement per table and batch, keyed by what the sheet knows them by (identifier, name, brand and name): a batch
// of thousands of rows is a few round trips.
import {
  brandModels,
  brands,
  type Db,
  deleteImported,
  existingByKey,
  type ImportedBatch,
  type ImportEntity,
  intArray,
  jsonbOf,
  jsonParam,
  queryRows,
  restoreImported,
  type UpsertRecord,
  upsertIds,
  type vehicles,
} from "@taller/db";
import { sql } from "drizzle-orm";

/** importBrands' rows: each brand's id by its name (`key`), typed from the schema (its test checks the statement). */
export const IMPORTED_BRAND_IDS = { key: brands.name, id: brands.id };

/** The brands named, new ones inserted (a name the company has already is not added again). */
export function importBrandsStatement(companyId: number, names: string[], record: UpsertRecord) {
  return sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${jsonParam(names.map((name) => ({ name })))}) AS x(name text)),
    ins AS (INSERT INTO brands (company_id, name) SELECT ${companyId}, v.name FROM v
      WHERE NOT EXISTS (SELECT 1 FROM brands b WHERE b.company_id = ${companyId} AND b.name = v.name) RETURNING id, name),
    rec AS (${record.created(sql`SELECT id FROM ins`)})
    SELECT name AS key, id FROM ins
    UNION ALL SELECT DISTINCT ON (b.name) b.name, b.id FROM brands b JOIN v ON v.name = b.name WHERE b.company_id = ${companyId}`;
}

/** Upserts a batch's brands (distinct names); answers every brand's id by name, new or existing. */
export function importBrands(
  db: Db,
  companyId: number,
  names: string[],
  record: UpsertRecord,
): Promise<Map<string, number>> {
  return upsertIds<typeof IMPORTED_BRAND_IDS>(db, names, () => importBrandsStatement(companyId, names, record));
}

/** A brand's model as a batch names it: one per brand and name. */
export type ImportedModel = Pick<typeof brandModels.$inferSelect, "name"> & { brand_id: number };

/** A model's key in importModels' answer: its brand's id and its name, apart by a unit separator. */
export const modelKey = (brandId: number, name: string) => `${brandId}\u001f${name}`;

/**
 * importModels' rows: each model's id by its modelKey (`key`, text as a model's name is), typed from the schema
 * (its test checks the statement).
 */
export const IMPORTED_MODEL_IDS = { key: brandModels.name, id: brandModels.id };

/** The models named, new ones inserted. */
export function importModelsStatement(companyId: number, models: ImportedModel[], record: UpsertRecord) {
  return sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${jsonParam(models)}) AS x(brand_id int, name text)),
    ins AS (INSERT INTO brand_models (company_id, brand_id, name) SELECT ${companyId}, v.brand_id, v.name FROM v
      WHERE NOT EXISTS (SELECT 1 FROM brand_models m WHERE m.company_id = ${companyId} AND m.brand_id = v.brand_id AND m.name = v.name)
      RETURNING id, brand_id, name),
    rec AS (${record.created(sql`SELECT id FROM ins`)})
    SELECT brand_id || chr(31) || name AS key, id FROM ins
    UNION ALL SELECT DISTINCT ON (m.brand_id, m.name) m.brand_id || chr(31) || m.name, m.id
      FROM brand_models m JOIN v ON v.brand_id = m.brand_id AND v.name = m.name WHERE m.company_id = ${companyId}`;
}

/** Upserts a batch's models; answers every model's id by modelKey, new or existing. */
export function importModels(
  db: Db,
  companyId: number,
  models: ImportedModel[],
  record: UpsertRecord,
): Promise<Map<string, number>> {
  return upsertIds<typeof IMPORTED_MODEL_IDS>(db, models, () => importModelsStatement(companyId, models, record));
}

type Vehicle = typeof vehicles.$inferSelect;
/**
 * One sheet row's vehicle, with the ids of the client, brand and model it names (the company's own: the caller
 * read or wrote them in the company); a batch holds one per identifier. Null columns keep what the vehicle has;
 * custom fields are merged into its own.
 */
export interface ImportedVehicle {
  identifier: Vehicle["identifier"];
  chassis: Vehicle["chassis"];
  year: Vehicle["year"];
  color: Vehicle["color"];
  custom_fields: Vehicle["customFields"];
  client_id: Vehicle["clientId"];
  brand_id: Vehicle["brandId"];
  brand_model_id: Vehicle["brandModelId"];
}

/** The columns importVehicles overwrites in a vehicle that exists: the import's undo puts them back. */
export const IMPORTED_VEHICLE_COLUMNS = [
  "chassis",
  "year",
  "color",
  "custom_fields",
  "client_id",
  "brand_id",
  "brand_model_id",
] as const;

/**
 * Upserts a batch's vehicles into the company, in the caller's transaction (which holds the import's lock).
 *
 * The clients, brands and models the vehicles name (new ones and updated ones alike) are share-locked first, in id
 * order, then read by the insert: the caller wrote them in an earlier, committed transaction, so a staff member may
 * be renaming one right now; the lock makes the rename wait for this transaction (whose vehicles its refresh
 * trigger then sees), or this statement wait for the rename, and the insert (a later statement: locks taken inside
 * one statement's CTEs come in no set order with its updates) read the new name. The foreign-key checks' weaker
 * locks are then held. By id alone: the ids are the company's own rows, and the tenant foreign keys refuse another
 * company's. With company_id too, a planner that takes the company for a small one (its statistics lag during an
 * import) reads all of the company's rows for it; by id it probes the primary key, the same plan for any array, so
 * the statement is prepared.
 */
export async function importVehicles(
  db: Db,
  companyId: number,
  rows: ImportedVehicle[],
  record: UpsertRecord,
): Promise<void> {
  if (rows.length === 0) return;
  const locked = (table: "clients" | "brands" | "brand_models", key: "client_id" | "brand_id" | "brand_model_id") => {
    const ids = [...new Set(rows.flatMap((v) => (v[key] === null ? [] : [v[key]])))];
    return sql`(SELECT count(*) FROM (SELECT 1 FROM ${sql.identifier(table)} WHERE id = ANY(${intArray(ids)}) ORDER BY id FOR SHARE) l)`;
  };
  await queryRows(
    db,
    sql`SELECT ${locked("clients", "client_id")}, ${locked("brands", "brand_id")}, ${locked("brand_models", "brand_model_id")}`,
    { prepare: true },
  );
  // Read once (`e`), the vehicles that change locked in id order and rewritten with their values before and after
  // for the import's record, as importClients does (@taller/crm); new identifiers inserted.
  await queryRows(
    db,
    sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${jsonParam(rows)})
        AS x(identifier text, chassis text, year int, color text, custom_fields jsonb, client_id int, brand_id int, brand_model_id int)),
      e AS (${existingByKey(companyId, "vehicles", "identifier")}),
      chg AS (SELECT o.id, ${jsonbOf(IMPORTED_VEHICLE_COLUMNS, "o")} AS previous, v.* FROM e JOIN vehicles o ON o.id = e.id JOIN v ON v.identifier = e.identifier
        WHERE (o.chassis, o.year, o.color, o.custom_fields, o.client_id, o.brand_id, o.brand_model_id) IS DISTINCT FROM
              (coalesce(v.chassis, o.chassis), coalesce(v.year, o.year)::smallint, coalesce(v.color, o.color), o.custom_fields || v.custom_fields,
               coalesce(v.client_id, o.client_id), coalesce(v.brand_id, o.brand_id), coalesce(v.brand_model_id, o.brand_model_id))
        ORDER BY o.id FOR NO KEY UPDATE OF o),
      upd AS (UPDATE vehicles t SET chassis = coalesce(chg.chassis, t.chassis), year = coalesce(chg.year, t.year), color = coalesce(chg.color, t.color),
          custom_fields = t.custom_fields || chg.custom_fields, client_id = coalesce(chg.client_id, t.client_id),
          brand_id = coalesce(chg.brand_id, t.brand_id), brand_model_id = coalesce(chg.brand_model_id, t.brand_model_id), updated_at = now()
        FROM chg WHERE t.id = chg.id
        RETURNING t.id, chg.previous, ${jsonbOf(IMPORTED_VEHICLE_COLUMNS, "t")} AS written),
      changed AS (${record.updated(sql`SELECT id, previous, written FROM upd`)}),
      -- The search text composed here by the fill trigger's own function (the trigger then skips these rows). An
      -- updated vehicle keeps the trigger: its client, brand or model may be ones this batch does not name. Names
      -- joined by id alone, as locked above.
      ins AS (INSERT INTO vehicles (company_id, identifier, chassis, year, color, custom_fields, client_id, brand_id, brand_model_id, search_text)
        SELECT ${companyId}, v.identifier, v.chassis, v.year, v.color, v.custom_fields, v.client_id, v.brand_id, v.brand_model_id,
          vehicle_search_text(v.identifier, v.chassis, b.name, m.name, c.name, c.rut)
        FROM v LEFT JOIN clients c ON c.id = v.client_id LEFT JOIN brands b ON b.id = v.brand_id LEFT JOIN brand_models m ON m.id = v.brand_model_id
        WHERE NOT EXISTS (SELECT 1 FROM e WHERE e.identifier = v.identifier) RETURNING id)
      ${record.created(sql`SELECT id FROM ins`)}`,
  );
}

/**
 * The import's undo of a batch's vehicles, brands and models (@taller/manager hands back its record of the batch):
 * the vehicles' overwritten columns put back where they still hold what it wrote (a reference only to a row that still
 * exists; brand and model only together), then what it created deleted unless a record now points at it.
 */
export const restoreImportedVehicles = (db: Db, companyId: number, batch: ImportedBatch): Promise<number> =>
  restoreImported(
    db,
    companyId,
    "vehicles",
    {
      columns: {
        chassis: null,
        year: null,
        color: null,
        custom_fields: null,
        client_id: "clients",
        brand_id: "brands",
        brand_model_id: "brand_models",
      } satisfies Record<(typeof IMPORTED_VEHICLE_COLUMNS)[number], ImportEntity | null>,
      together: ["brand_id", "brand_model_id"],
    },
    batch,
  );
export const deleteImportedVehicles = (db: Db, companyId: number, batch: ImportedBatch) =>
  deleteImported(db, companyId, "vehicles", batch);
export const deleteImportedModels = (db: Db, companyId: number, batch: ImportedBatch) =>
  deleteImported(db, companyId, "brand_models", batch);
export const deleteImportedBrands = (db: Db, companyId: number, batch: ImportedBatch) =>
  deleteImported(db, companyId, "brands", batch);
