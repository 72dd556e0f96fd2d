// The products screen's procedures against the seeded demo: the list (search accent- and case-insensitive, category,
// low stock, sort, stock per warehouse), the code unique per company under concurrent creates, minimums, the
// export's Spanish headers, and categories and warehouses removed only while unused.
import { COUNT_CAP, INVENTORY_TEXTS, isLowStock, PAGE_SIZE } from "@taller/core";
import { queryRows, realtimeEvents } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { allPages, callFailure, refusalOf, useSeededApp } from "@taller/trpc/testing";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { inventoryRouter } from "../src";
import { PESOS_FORMAT } from "../src/export-xlsx";
import { productFilters } from "../src/products/filters";
import { countProducts, findProducts, productKey, type ProductOrder } from "../src/products/list-query";

const app = useSeededApp();
const createCaller = createCallerFactory(inventoryRouter);
const admin = async () => createCaller(await app.staff("admin@taller.demo"));
const demo = () => app.fx().demo;

describe("isLowStock", () => {
  it("marks a warehouse below a minimum that is set", () => {
    expect(isLowStock(2, 3)).toBe(true);
    expect(isLowStock(3, 3)).toBe(false);
    expect(isLowStock(0, 0)).toBe(false);
  });
});

describe("inventory.products.list", () => {
  it("searches code and name without accents or case, and by a word's start", async () => {
    const caller = await admin();
    const byName = await caller.products.list({ search: "LIQUIDO de FRENOS" });
    expect(byName.products.map((p) => p.code)).toEqual(["LIQ-DOT4"]);
    const byCode = await caller.products.list({ search: "fil-" });
    expect(byCode.products.map((p) => p.code).sort()).toEqual(["FIL-ACE", "FIL-AIR", "FIL-POL"]);
    const short = await caller.products.list({ search: "bu" });
    expect(short.products.map((p) => p.code)).toEqual(["BUJ-IRI"]);
  });

  it("filters by category and low stock, sorts, and shows stock per warehouse and in total", async () => {
    const caller = await admin();
    const [categories, warehouses] = await Promise.all([caller.categories.list(), caller.warehouses.list()]);
    const filters = categories.find((c) => c.name === "Filtros");
    const byCategory = await caller.products.list({
      category_ids: [filters?.id ?? 0],
      sort: "code",
      sort_direction: "desc",
    });
    expect(byCategory.products.map((p) => p.code)).toEqual(["FIL-POL", "FIL-AIR", "FIL-ACE"]);
    expect(byCategory.total).toBe(3);
    const low = await caller.products.list({ low_stock: true });
    // Seeded: FIL-POL holds 2 with a minimum of 3.
    expect(low.products.map((p) => p.code)).toEqual(["FIL-POL"]);
    expect(low.products[0]).toMatchObject({ total: 2, low: true, price: 11_990, buy_price: 5_500 });
    expect(low.products[0]?.stock).toEqual([
      {
        warehouse_id: warehouses.find((w) => w.name === "Bodega principal")?.id,
        quantity: 2,
        minimum: 3,
        average_cost: 5_500,
      },
    ]);
  });

  it("pages by name with a signed cursor, every product once", async () => {
    const caller = await admin();
    for (let i = 0; i < 60; i++)
      await caller.products.create({
        code: `PAG-${String(i).padStart(3, "0")}`,
        name: `Página ${i}`,
        price: 0,
        buy_price: 0,
      });
    const pages = await allPages((cursor) => caller.products.list({ cursor, search: "pag-" }));
    const codes = pages.flatMap((p) => p.products.map((r) => r.code));
    expect(pages.length).toBeGreaterThan(1);
    expect(new Set(codes).size).toBe(60);
    expect(pages[0]?.total).toBe(60);
  });
});

describe("a search matching more than the sorted bound", () => {
  it("walks the sort's index: the same pages in the same order as sorting the matches, counted apart", async () => {
    const caller = await admin();
    // Names out of code order, two of them equal (the id breaks the tie).
    for (const [code, name] of [
      ["DNS-5", "Denso bujía"],
      ["DNS-2", "Denso alternador"],
      ["DNS-7", "Denso radiador"],
      ["DNS-1", "Denso compresor"],
      ["DNS-4", "Denso bujía"],
      ["DNS-3", "Denso bobina"],
    ] as const)
      await caller.products.create({ code, name, price: 0, buy_price: 0 });
    const filters = productFilters(demo().companyId, { search: "denso" });
    for (const order of [
      { sort: "name", direction: "asc" },
      { sort: "code", direction: "desc" },
    ] satisfies ProductOrder[]) {
      const sorted = await findProducts(app.db(), filters, order, null);
      expect(sorted.matched).toBe(6);
      // A bound of 2: the six matches are "more than it", so the page comes from the sort's index.
      const dense = await findProducts(app.db(), filters, order, null, 2);
      expect(dense.matched).toBeNull();
      expect(dense.rows.map((r) => r.id)).toEqual(sorted.rows.map((r) => r.id));
      const third = sorted.rows[2]!;
      const rest = await findProducts(app.db(), filters, order, productKey(order, third), 2);
      expect(rest.rows.map((r) => r.code)).toEqual(sorted.rows.slice(3).map((r) => r.code));
    }
    expect(await countProducts(app.db(), filters)).toEqual({ total: 6, capped: false });
  });
});

describe("inventory.products.create and update", () => {
  it("holds one code per company: two concurrent creates make one product and a field error", async () => {
    const [a, b] = await Promise.all([admin(), admin()]);
    const input = { code: "DUP-1", name: "Duplicado", price: 100, buy_price: 50 };
    const results = await Promise.allSettled([a.products.create(input), b.products.create(input)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refusalOf(rejected?.reason)).toEqual({ code: "CONFLICT", fields: { code: [INVENTORY_TEXTS.codeTaken] } });
    // Otro Taller may use the same code.
    const other = createCaller(await app.staff("admin@otro.demo"));
    await expect(other.products.create(input)).resolves.toMatchObject({ id: expect.any(Number) });
  });

  it("saves the minimum per warehouse and refuses another company's category", async () => {
    const caller = await admin();
    const [main, workshop] = demo().warehouseIds as [number, number];
    const { id } = await caller.products.create({
      code: "MIN-1",
      name: "Con mínimos",
      unit: "litro",
      category_id: demo().categoryIds[0],
      price: 2000,
      buy_price: 1000,
      minimums: [
        { warehouse_id: main, minimum: 5 },
        { warehouse_id: workshop, minimum: 0 },
      ],
    });
    const page = await caller.products.get({ id });
    expect(page.product).toMatchObject({ code: "MIN-1", unit: "litro", price: 2000, buy_price: 1000 });
    expect(page.stock.find((s) => s.warehouse_id === main)).toMatchObject({ quantity: 0, minimum: 5 });
    const low = await caller.products.list({ search: "MIN-1", low_stock: true });
    expect(low.products.map((p) => p.id)).toEqual([id]);
    const failure = await callFailure(
      caller.products.update({
        id,
        code: "MIN-1",
        name: "x",
        price: 0,
        buy_price: 0,
        category_id: app.fx().other.categoryIds[0],
      }),
    );
    expect(failure).toMatchObject({ code: "NOT_FOUND", fields: { category_id: [INVENTORY_TEXTS.categoryNotFound] } });
  });
});

describe("inventory.products.movements", () => {
  it("counts a product's movements exactly up to the cap, and past it says 'more than' without reading them all", async () => {
    const caller = await admin();
    const { id } = await caller.products.create({ code: "MOV-1", name: "Con historia", price: 0, buy_price: 0 });
    const warehouseId = demo().warehouseIds[0] as number;
    await caller.adjustStock({
      kind: "count",
      product_id: id,
      warehouse_id: warehouseId,
      quantity: 5,
      reason: "Conteo",
    });
    await caller.adjustStock({
      kind: "count",
      product_id: id,
      warehouse_id: warehouseId,
      quantity: 2,
      reason: "Conteo",
    });
    expect(await caller.products.movements({ product_id: id })).toMatchObject({ total: 2, total_capped: false });

    // History past the cap (written straight in: only the count is under test here).
    await queryRows(
      app.db(),
      sql`INSERT INTO stock_movements (company_id, product_id, warehouse_id, kind, quantity, unit_cost, balance_after)
          SELECT ${demo().companyId}, ${id}, ${warehouseId}, 'receipt', 1, 0, n FROM generate_series(1, ${COUNT_CAP}) n`,
    );
    const first = await caller.products.movements({ product_id: id });
    expect(first).toMatchObject({ total: COUNT_CAP, total_capped: true });
    expect(first.movements).toHaveLength(PAGE_SIZE);
    // The next page carries the count in its cursor instead of counting again.
    const next = await caller.products.movements({ product_id: id, cursor: first.next_cursor });
    expect(next).toMatchObject({ total: COUNT_CAP, total_capped: true });
    expect(next.movements[0]!.id).toBeLessThan(first.movements.at(-1)!.id);
  });
});

describe("inventory.products.export", () => {
  it("writes the filtered list with Spanish headers and a column per warehouse", async () => {
    const caller = await admin();
    const file = await caller.products.export({ search: "filtro", sort: "code" });
    expect(file.filename).toMatch(/^Productos .+\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.base64, "base64") as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet("Productos");
    const rows = (sheet?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
    expect(rows[0]?.slice(1)).toEqual([
      "Código",
      "Nombre",
      "Categoría",
      "Unidad",
      "Precio (CLP)",
      "Costo (CLP)",
      "Stock Bodega principal",
      "Stock Bodega taller",
      "Stock total",
      "Stock bajo",
    ]);
    expect(rows.slice(1).map((r) => r[1])).toEqual(["FIL-ACE", "FIL-AIR", "FIL-POL"]);
    expect(sheet?.getRow(2).getCell(5).numFmt).toBe(PESOS_FORMAT);
    expect(sheet?.getRow(2).getCell(6).numFmt).toBe(PESOS_FORMAT);
    expect(rows[3]?.slice(1)).toEqual([
      "FIL-POL",
      "Filtro de polen",
      "Filtros",
      "unidad",
      11_990,
      5_500,
      2,
      0,
      2,
      "Sí",
    ]);
  });
});

describe("categories and warehouses", () => {
  it("creates, renames, refuses a taken name, and removes only while unused", async () => {
    const caller = await admin();
    const { id } = await caller.categories.create({ name: "Neumáticos" });
    expect(refusalOf(await caller.categories.create({ name: "Neumáticos" }).catch((e: unknown) => e))).toEqual({
      code: "CONFLICT",
      fields: { name: [INVENTORY_TEXTS.categoryTaken] },
    });
    await caller.categories.rename({ id, name: "Llantas" });
    const { id: productId } = await caller.products.create({
      code: "LLA-1",
      name: "Llanta",
      category_id: id,
      price: 0,
      buy_price: 0,
    });
    expect((await caller.categories.list()).find((c) => c.id === id)).toMatchObject({ name: "Llantas", used: true });
    expect(await callFailure(caller.categories.remove({ id }))).toMatchObject({
      code: "CONFLICT",
      message: INVENTORY_TEXTS.categoryInUse,
    });
    await caller.products.update({ id: productId, code: "LLA-1", name: "Llanta", price: 0, buy_price: 0 });
    await caller.categories.remove({ id });
    expect((await caller.categories.list()).some((c) => c.id === id)).toBe(false);
  });

  it("removes a warehouse without history, refuses one with movements", async () => {
    const caller = await admin();
    const { id } = await caller.warehouses.create({ name: "Bodega móvil" });
    await caller.warehouses.remove({ id });
    expect(await callFailure(caller.warehouses.remove({ id: demo().warehouseIds[0] as number }))).toMatchObject({
      code: "CONFLICT",
      message: INVENTORY_TEXTS.warehouseInUse,
    });
  });

  it("announces each create, rename and removal as inventory.catalogue_changed, not a refused one", async () => {
    const caller = await admin();
    const announced = async () =>
      (
        await app
          .db()
          .select()
          .from(realtimeEvents)
          .where(eq(realtimeEvents.type, "inventory.catalogue_changed"))
          .orderBy(realtimeEvents.id)
      ).map((e) => ({ companyId: e.companyId, ...(e.payload as object) }));
    const before = (await announced()).length;
    const category = await caller.categories.create({ name: "Baterías" });
    await caller.categories.rename({ id: category.id, name: "Baterías y pilas" });
    const warehouse = await caller.warehouses.create({ name: "Bodega norte" });
    await caller.warehouses.rename({ id: warehouse.id, name: "Bodega sur" });
    await callFailure(caller.warehouses.rename({ id: warehouse.id, name: "Bodega principal" }));
    await callFailure(caller.warehouses.remove({ id: demo().warehouseIds[0] as number }));
    await caller.warehouses.remove({ id: warehouse.id });
    await caller.categories.remove({ id: category.id });
    const companyId = demo().companyId;
    expect((await announced()).slice(before)).toEqual([
      { companyId, kind: "category", id: category.id, change: "created" },
      { companyId, kind: "category", id: category.id, change: "renamed" },
      { companyId, kind: "warehouse", id: warehouse.id, change: "created" },
      { companyId, kind: "warehouse", id: warehouse.id, change: "renamed" },
      { companyId, kind: "warehouse", id: warehouse.id, change: "removed" },
      { companyId, kind: "category", id: category.id, change: "removed" },
    ]);
  });
});
