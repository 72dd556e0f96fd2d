// The inventory package owns products, their categories and the warehouses: the screens' writes go through here.
// One code per company and one name per category or warehouse are the unique indexes' to decide, so a double submit
// ends with one row and a field error; a category or warehouse in use is refused in Spanish before the delete.
import { INVENTORY_TEXTS, present, type productDataSchema } from "@taller/core";
import { productCategories, products, queryRows, warehouses, type Db } from "@taller/db";
import { fieldError, TRPCError, uniqueOnField, type Transaction } from "@taller/trpc";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { setMinimums } from "./stock";

export type ProductInput = z.output<typeof productDataSchema>;

/** The category and the warehouses of the minimums must be the company's: NOT_FOUND on the field otherwise. */
async function assertReferences(tx: Transaction, companyId: number, input: ProductInput) {
  if (input.category_id) {
    const found = await tx.db
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(and(eq(productCategories.companyId, companyId), eq(productCategories.id, input.category_id)));
    if (found.length === 0) throw fieldError("NOT_FOUND", "category_id", INVENTORY_TEXTS.categoryNotFound);
  }
  const wanted = [...new Set(input.minimums.map((m) => m.warehouse_id))];
  if (wanted.length) {
    const found = await tx.db
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.companyId, companyId), inArray(warehouses.id, wanted)));
    if (found.length !== wanted.length) throw fieldError("NOT_FOUND", "minimums", INVENTORY_TEXTS.warehouseNotFound);
  }
}

const columns = (input: ProductInput) => ({
  code: input.code,
  name: input.name,
  categoryId: input.category_id ?? null,
  unit: input.unit,
  price: input.price,
  buyPrice: input.buy_price,
  description: input.description ?? null,
});

async function announce(tx: Transaction, companyId: number, id: number) {
  await tx.emit({ type: "inventory.changed", companyId, payload: { ids: [id] } });
}

export async function createProduct(tx: Transaction, companyId: number, input: ProductInput): Promise<{ id: number }> {
  await assertReferences(tx, companyId, input);
  const [row] = await uniqueOnField(
    tx.db
      .insert(products)
      .values({ companyId, ...columns(input) })
      .returning({ id: products.id }),
    "code",
    INVENTORY_TEXTS.codeTaken,
  );
  const id = present(row, "inserted product").id;
  await setMinimums(tx, companyId, id, input.minimums);
  await announce(tx, companyId, id);
  return { id };
}

export async function updateProduct(
  tx: Transaction,
  companyId: number,
  id: number,
  input: ProductInput,
): Promise<{ id: number }> {
  await assertReferences(tx, companyId, input);
  const rows = await uniqueOnField(
    tx.db
      .update(products)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(and(eq(products.companyId, companyId), eq(products.id, id)))
      .returning({ id: products.id }),
    "code",
    INVENTORY_TEXTS.codeTaken,
  );
  if (rows.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: INVENTORY_TEXTS.productNotFound });
  await setMinimums(tx, companyId, id, input.minimums);
  await announce(tx, companyId, id);
  return { id };
}

/** Categories and warehouses: a named row per company, created, renamed, and removed while nothing uses it. */
const NAMED = {
  category: {
    taken: INVENTORY_TEXTS.categoryTaken,
    notFound: INVENTORY_TEXTS.categoryNotFound,
    inUse: INVENTORY_TEXTS.categoryInUse,
    // Products of the category (a product's category would be emptied by the foreign key: refused instead).
    used: (companyId: number, id: SQL) =>
      sql`EXISTS (SELECT 1 FROM products WHERE company_id = ${companyId} AND category_id = ${id})`,
  },
  warehouse: {
    taken: INVENTORY_TEXTS.warehouseTaken,
    notFound: INVENTORY_TEXTS.warehouseNotFound,
    inUse: INVENTORY_TEXTS.warehouseInUse,
    // Stock or any movement; a balance row with nothing on hand (a minimum only) goes with the warehouse.
    used: (companyId: number, id: SQL) =>
      sql`EXISTS (SELECT 1 FROM stock_movements WHERE company_id = ${companyId} AND warehouse_id = ${id})
          OR EXISTS (SELECT 1 FROM stock_balances WHERE company_id = ${companyId} AND warehouse_id = ${id} AND quantity <> 0)
          OR EXISTS (SELECT 1 FROM provider_actions WHERE company_id = ${companyId} AND warehouse_id = ${id})`,
  },
} as const;
export type NamedKind = keyof typeof NAMED;

/** Open lists, pages and dialogs elsewhere show these names: they refetch (only once the change commits). */
async function announceNamed(
  tx: Transaction,
  kind: NamedKind,
  companyId: number,
  id: number,
  change: "created" | "renamed" | "removed",
) {
  await tx.emit({ type: "inventory.catalogue_changed", companyId, payload: { kind, id, change } });
}

const NAMED_TABLES = { category: sql`product_categories`, warehouse: sql`warehouses` } as const;

/** The company's categories or warehouses by name, each with whether something uses it (then it cannot go). */
export function listNamed(db: Db, kind: NamedKind, companyId: number) {
  return queryRows<{ id: number; name: string; used: boolean }>(
    db,
    sql`SELECT n.id, n.name, ${NAMED[kind].used(companyId, sql`n.id`)} AS used FROM ${NAMED_TABLES[kind]} n
        WHERE n.company_id = ${companyId} ORDER BY n.name, n.id`,
  );
}

export async function createNamed(
  tx: Transaction,
  kind: NamedKind,
  companyId: number,
  name: string,
): Promise<{ id: number }> {
  const [row] = await uniqueOnField(
    queryRows<{ id: number }>(
      tx.db,
      sql`INSERT INTO ${NAMED_TABLES[kind]} (company_id, name) VALUES (${companyId}, ${name}) RETURNING id`,
    ),
    "name",
    NAMED[kind].taken,
  );
  const { id } = present(row, `inserted ${kind}`);
  await announceNamed(tx, kind, companyId, id, "created");
  return { id };
}

export async function renameNamed(tx: Transaction, kind: NamedKind, companyId: number, id: number, name: string) {
  const { taken, notFound } = NAMED[kind];
  const rows = await uniqueOnField(
    queryRows<{ id: number }>(
      tx.db,
      sql`UPDATE ${NAMED_TABLES[kind]} SET name = ${name} WHERE company_id = ${companyId} AND id = ${id} RETURNING id`,
    ),
    "name",
    taken,
  );
  if (rows.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: notFound });
  await announceNamed(tx, kind, companyId, id, "renamed");
  return { id };
}

/**
 * Removes it when unused. The row is locked while checking, so a product or movement naming it afterwards waits for
 * the delete (its foreign key check) and is then refused; movements' keys also refuse a warehouse's delete outright.
 */
export async function removeNamed(tx: Transaction, kind: NamedKind, companyId: number, id: number) {
  const { notFound, inUse, used } = NAMED[kind];
  const table = NAMED_TABLES[kind];
  const [row] = await queryRows<{ found: boolean; used: boolean }>(
    tx.db,
    sql`SELECT true AS found, ${used(companyId, sql`${id}`)} AS used FROM ${table}
        WHERE company_id = ${companyId} AND id = ${id} FOR UPDATE`,
  );
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: notFound });
  if (row.used) throw new TRPCError({ code: "CONFLICT", message: inUse });
  if (kind === "warehouse")
    await queryRows(tx.db, sql`DELETE FROM stock_balances WHERE company_id = ${companyId} AND warehouse_id = ${id}`);
  await queryRows(tx.db, sql`DELETE FROM ${table} WHERE company_id = ${companyId} AND id = ${id}`);
  await announceNamed(tx, kind, companyId, id, "removed");
  return { id };
}
