// A workbook's product categories and products (@taller/manager's import), written by their owner as one set-based
// statement per table and batch, keyed by what the sheet knows them by (name, code): a batch of thousands of rows
// is a few round trips.
import {
  type Db,
  deleteImported,
  existingByKey,
  type ImportedBatch,
  jsonbOf,
  jsonParam,
  productCategories,
  type products,
  queryRows,
  restoreImported,
  type UpsertRecord,
  upsertIds,
} from "@taller/db";
import { sql } from "drizzle-orm";

/** importCategories' rows: each category's id by its name (`key`), typed from the schema (its test checks it). */
export const IMPORTED_CATEGORY_IDS = { key: productCategories.name, id: productCategories.id };

/** The categories named, new ones inserted. */
export function importCategoriesStatement(companyId: number, names: string[], record: UpsertRecord) {
  return sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${jsonParam(names.map((name) => ({ name })))}) AS x(name text)),
    ins AS (INSERT INTO product_categories (company_id, name) SELECT ${companyId}, name FROM v ON CONFLICT (company_id, name) DO NOTHING RETURNING id, name),
    rec AS (${record.created(sql`SELECT id FROM ins`)})
    SELECT name AS key, id FROM ins UNION ALL SELECT c.name, c.id FROM product_categories c JOIN v ON v.name = c.name WHERE c.company_id = ${companyId}`;
}

/** Upserts a batch's categories (distinct names); answers every category's id by name, new or existing. */
export function importCategories(
  db: Db,
  companyId: number,
  names: string[],
  record: UpsertRecord,
): Promise<Map<string, number>> {
  return upsertIds<typeof IMPORTED_CATEGORY_IDS>(db, names, () => importCategoriesStatement(companyId, names, record));
}

type Product = typeof products.$inferSelect;
/** One sheet row's product; a batch holds one per code. A null description or category keeps the product's. */
export interface ImportedProduct {
  code: Product["code"];
  name: Product["name"];
  price: Product["price"];
  buy_price: Product["buyPrice"];
  description: Product["description"];
  category_id: Product["categoryId"];
}

/** The columns importProducts overwrites in a product that exists: the import's undo puts them back. */
export const IMPORTED_PRODUCT_COLUMNS = ["name", "price", "buy_price", "description", "category_id"] as const;

/**
 * Upserts a batch's products, in the caller's transaction (which holds the import's lock): as @taller/crm's
 * importClients, the company's products with the batch's codes read once (`e`), those that change locked in id order
 * and rewritten with their values before and after for the import's record, new codes inserted.
 */
export async function importProducts(
  db: Db,
  companyId: number,
  rows: ImportedProduct[],
  record: UpsertRecord,
): Promise<void> {
  if (rows.length === 0) return;
  await queryRows(
    db,
    sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${jsonParam(rows)})
      AS x(code text, name text, price int, buy_price int, description text, category_id int)),
    e AS (${existingByKey(companyId, "products", "code")}),
    chg AS (SELECT o.id, ${jsonbOf(IMPORTED_PRODUCT_COLUMNS, "o")} AS previous, v.* FROM e JOIN products o ON o.id = e.id JOIN v ON v.code = e.code
      WHERE (o.name, o.price, o.buy_price, o.description, o.category_id) IS DISTINCT FROM
            (v.name, v.price, v.buy_price, coalesce(v.description, o.description), coalesce(v.category_id, o.category_id))
      ORDER BY o.id FOR NO KEY UPDATE OF o),
    upd AS (UPDATE products t SET name = chg.name, price = chg.price, buy_price = chg.buy_price,
        description = coalesce(chg.description, t.description), category_id = coalesce(chg.category_id, t.category_id), updated_at = now()
      FROM chg WHERE t.id = chg.id
      RETURNING t.id, chg.previous, ${jsonbOf(IMPORTED_PRODUCT_COLUMNS, "t")} AS written),
    changed AS (${record.updated(sql`SELECT id, previous, written FROM upd`)}),
    ins AS (INSERT INTO products (company_id, code, name, price, buy_price, description, category_id)
      SELECT ${companyId}, code, name, price, buy_price, description, category_id FROM v
      WHERE NOT EXISTS (SELECT 1 FROM e WHERE e.code = v.code)
      ON CONFLICT (company_id, code) DO NOTHING
      RETURNING id)
    ${record.created(sql`SELECT id FROM ins`)}`,
  );
}

/**
 * The import's undo of a batch's products and categories (@taller/manager hands back its record of the batch): the
 * products' overwritten columns put back where they still hold what it wrote (the category only if it still exists),
 * then what it created deleted unless a record now points at it.
 */
export const restoreImportedProducts = (db: Db, companyId: number, batch: ImportedBatch): Promise<number> =>
  restoreImported(
    db,
    companyId,
    "products",
    {
      columns: {
        name: null,
        price: null,
        buy_price: null,
        description: null,
        category_id: "product_categories",
      } satisfies Record<(typeof IMPORTED_PRODUCT_COLUMNS)[number], "product_categories" | null>,
    },
    batch,
  );
export const deleteImportedProducts = (db: Db, companyId: number, batch: ImportedBatch) =>
  deleteImported(db, companyId, "products", batch);
export const deleteImportedCategories = (db: Db, companyId: number, batch: ImportedBatch) =>
  deleteImported(db, companyId, "product_categories", batch);
