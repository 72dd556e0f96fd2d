// The spreadsheet import against a real database: a workbook written with exceljs, read back with the streaming
// reader, mapped and upserted into Otro Taller. Twice is once; bad rows are reported by row number before anything
// is written; a batch rolls back to what it created.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { computeRutDv, formatRut } from "@taller/core";
import {
  brandModels,
  brands,
  clients,
  importCreated,
  importUpdated,
  productCategories,
  products,
  queryRows,
  vehicles,
} from "@taller/db";
import { postgresOnly, testServerUrl } from "@taller/testing";
import { useSeededApp } from "@taller/trpc/testing";
import ExcelJS from "exceljs";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HEADER, KEYS } from "./workbook";
import { dryRun, runImport } from "../src/import/run";
import { readSheet, summarizeWorkbook } from "../src/import/sheet";
import type { MappedRow } from "../src/import/map";
import { rollbackBatch } from "../src/import/rollback";
import { writeRecords, writeVehicles, WrittenProducts } from "../src/import/write";

const app = useSeededApp();
/** A batch's two stages, one after the other. */
const writeBatch = async (db: ReturnType<typeof app.db>, company: number, batchId: string, rows: MappedRow[]) =>
  writeVehicles(db, company, batchId, rows, await writeRecords(db, company, batchId, rows));
/**
 * Renames a client in a transaction held open while `write` starts and 300 ms more, then commits it: the import
 * must wait for the rename and name the client as renamed (PostgreSQL: PGlite has one connection).
 */
async function whileRenamed(clientId: number, name: string, write: () => Promise<unknown>) {
  let commit = () => {};
  const committed = new Promise<void>((resolve) => (commit = resolve));
  const rename = app.db().transaction(async (tx) => {
    await tx.update(clients).set({ name }).where(eq(clients.id, clientId));
    await committed;
  });
  const written = write();
  await new Promise((resolve) => setTimeout(resolve, 300));
  commit();
  await Promise.all([rename, written]);
}
const dir = mkdtempSync(join(tmpdir(), "manager-import-"));

const rut = (n: number) => formatRut(`${n}${computeRutDv(n)}`);
const goodRow = (i: number) => [
  rut(20_000_000 + i).replace(/\./g, ""), // unformatted on purpose: the import normalises it
  `Cliente ${i}`,
  `c${i}@correo.cl`,
  `IMP${String(i).padStart(4, "0")}`,
  2010 + (i % 10),
  `Marca ${i % 3}`,
  `Modelo ${i % 5}`,
  `${1 + (i % 3)}.6`,
  `SKU-${i % 50}`,
  `Producto ${i % 50}`,
  "12.990",
  `Categoría ${i % 4}`,
];

/** A workbook with a notes sheet first and the data sheet second; `extra` rows go after the good ones. */
async function workbook(name: string, good: number, extra: unknown[][] = []): Promise<string> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("Notas").addRow(["Exportado del sistema anterior"]);
  const sheet = wb.addWorksheet("Datos");
  sheet.addRow(HEADER);
  for (let i = 1; i <= good; i++) sheet.addRow(goodRow(i));
  for (const row of extra) sheet.addRow(row);
  // A far row with nothing in it: the sheet declares it, the import must not count it.
  sheet.getCell("A60000").value = "";
  const path = join(dir, `${name}.xlsx`);
  await wb.xlsx.writeFile(path);
  return path;
}

const companyId = () => app.fx().other.companyId;
const countOf = async (
  table: typeof clients | typeof vehicles | typeof products | typeof brands | typeof productCategories,
) => (await app.db().select({ n: count() }).from(table).where(eq(table.companyId, companyId())))[0]?.n ?? 0;
const counts = async () => ({
  clients: await countOf(clients),
  vehicles: await countOf(vehicles),
  products: await countOf(products),
  brands: await countOf(brands),
  categories: await countOf(productCategories),
});

describe("spreadsheet import", () => {
  it("lists the sheets with their header and the rows really present", async () => {
    const path = await workbook("summary", 3);
    expect(await summarizeWorkbook(path)).toEqual([
      { name: "Notas", columns: ["Exportado del sistema anterior"], rows: 0 },
      { name: "Datos", columns: HEADER, rows: 3 },
    ]);
  });

  it("reports every bad row with its row number and reason, and writes nothing", async () => {
    const path = await workbook("bad", 4, [
      ["12.345.678-9", "RUT con dígito malo"],
      ["", "Sin RUT"],
      [rut(7_000_001), ""],
      [rut(7_000_002), "Año raro", "", "ABC123", "dos mil"],
      [rut(7_000_003), "Precio raro", "", "", "", "", "", "", "P-1", "Filtro", "gratis"],
    ]);
    const before = await counts();
    const report = await runImport(app.db(), {
      companyId: companyId(),
      batchId: "bad",
      keys: KEYS,
      source: () => readSheet(path, "Datos"),
    });
    expect(report.rows).toBe(9);
    expect(report.errors).toEqual([
      { row: 6, reason: "RUT inválido: 12.345.678-9" },
      { row: 7, reason: "Falta el RUT del cliente" },
      { row: 8, reason: "Falta el nombre del cliente" },
      { row: 9, reason: "Año inválido: dos mil" },
      { row: 10, reason: "Precio inválido: gratis" },
    ]);
    expect(await counts()).toEqual(before);
  });

  it("imports a 5,000-row workbook, and importing it again duplicates nothing", async () => {
    const path = await workbook("big", 5000);
    const before = await counts();
    const progress: number[] = [];
    const source = () => readSheet(path, "Datos");
    // In batches of 1,200: the pipeline writes one batch's records beside the batch before's vehicles.
    const first = await runImport(app.db(), {
      companyId: companyId(),
      batchId: "b1",
      keys: KEYS,
      source,
      batchRows: 1200,
      onProgress: (done) => void progress.push(done),
    });
    expect(first).toMatchObject({ rows: 5000, errorCount: 0 });
    expect(progress).toEqual([1200, 2400, 3600, 4800, 5000]);
    const after = await counts();
    expect(after).toEqual({
      clients: before.clients + 5000,
      vehicles: before.vehicles + 5000,
      products: before.products + 50,
      brands: before.brands + 3,
      categories: before.categories + 4,
    });
    const [client] = await app
      .db()
      .select()
      .from(clients)
      .where(and(eq(clients.companyId, companyId()), eq(clients.rut, rut(20_000_001))));
    expect(client).toMatchObject({ name: "Cliente 1", email: "c1@correo.cl" });
    const [vehicle] = await app
      .db()
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, companyId()), eq(vehicles.identifier, "IMP0001")));
    expect(vehicle).toMatchObject({ year: 2011, clientId: client?.id, customFields: { $$Motor: "2.6" } });
    const [product] = await app
      .db()
      .select()
      .from(products)
      .where(and(eq(products.companyId, companyId()), eq(products.code, "SKU-1")));
    expect(product).toMatchObject({ price: 12990 });
    // The import writes the vehicles' search text itself (the fill trigger skips rows that bring one): it must be
    // exactly what the trigger composes from the vehicle's client, brand and model.
    const [search] = await queryRows<{ checked: number; wrong: number }>(
      app.db(),
      sql`SELECT count(*)::int AS checked,
            count(*) FILTER (WHERE v.search_text IS DISTINCT FROM vehicle_search_text(v.identifier, v.chassis, b.name, m.name, c.name, c.rut))::int AS wrong
          FROM vehicles v LEFT JOIN brands b ON b.id = v.brand_id LEFT JOIN brand_models m ON m.id = v.brand_model_id
          LEFT JOIN clients c ON c.id = v.client_id
          WHERE v.company_id = ${companyId()} AND v.identifier LIKE 'IMP%'`,
    );
    expect(search).toEqual({ checked: 5000, wrong: 0 });
    // The clients' too (composed in the insert, as the trigger would).
    const [clientSearch] = await queryRows<{ checked: number; wrong: number }>(
      app.db(),
      sql`SELECT count(*)::int AS checked, count(*) FILTER (WHERE search_text IS DISTINCT FROM client_search_text(name, rut, email, phone))::int AS wrong
          FROM clients WHERE company_id = ${companyId()} AND name LIKE 'Cliente %'`,
    );
    expect(clientSearch).toMatchObject({ wrong: 0 });
    expect(clientSearch?.checked).toBeGreaterThanOrEqual(5000);
    expect(client?.searchText).toBe(
      `CLIENTE 1 ${rut(20_000_001)} ${rut(20_000_001).replace(/[^0-9K]/g, "")} C1@CORREO.CL`,
    );
    expect(vehicle?.searchText).toBe(
      `IMP0001 MARCA 1 MODELO 1 CLIENTE 1 ${rut(20_000_001)} ${rut(20_000_001).replace(/[^0-9K]/g, "")}`,
    );

    // The same file again (a second click, a retried job): nothing new.
    await runImport(app.db(), { companyId: companyId(), batchId: "b2", keys: KEYS, source });
    expect(await counts()).toEqual(after);
    expect(await app.db().select().from(importCreated).where(eq(importCreated.batchId, "b2"))).toEqual([]);

    // Rolling back the first batch removes what it created, and only that (it overwrote nothing).
    expect(await app.db().transaction((tx) => rollbackBatch(tx, companyId(), "b1"))).toEqual({
      deleted: 5000 + 5000 + 50 + 3 + 15 + 4,
      restored: 0,
      kept: {},
    });
    expect(await counts()).toEqual(before);
  }, 120_000); // 10,000 rows written and 5,000 rolled back: well past the default on a loaded shared machine

  it("two imports of the same rows at once still create each client once", async () => {
    const path = await workbook("race", 200);
    const before = await counts();
    const source = () => readSheet(path, "Datos");
    await Promise.all([
      runImport(app.db(), { companyId: companyId(), batchId: "r1", keys: KEYS, source }),
      runImport(app.db(), { companyId: companyId(), batchId: "r2", keys: KEYS, source }),
    ]);
    expect((await counts()).clients).toBe(before.clients + 200);
  });

  it("reads a workbook once (the write comes from the dry run's spool), a rereadable source twice", async () => {
    // New identifiers: the earlier tests' vehicles are still there.
    const rows = Array.from({ length: 20 }, (_, i) => Object.assign(goodRow(i + 1), { 3: `ONCE${i}` }));
    const path = await workbook("once", 0, rows);
    let opened = 0;
    const source = () => {
      opened += 1;
      return readSheet(path, "Datos");
    };
    const before = await counts();
    expect(await runImport(app.db(), { companyId: companyId(), batchId: "o1", keys: KEYS, source })).toMatchObject({
      rows: 20,
      errorCount: 0,
    });
    expect(opened).toBe(1);
    expect((await counts()).vehicles).toBe(before.vehicles + 20);

    // A rereadable source (the database's JSON) is read again for the write: no spool.
    const again = rows.map((r, i) => Object.assign([...r], { 3: `TWICE${i}` }));
    const second = await workbook("twice", 0, again);
    opened = 0;
    const reread = () => {
      opened += 1;
      return readSheet(second, "Datos");
    };
    expect(
      await runImport(app.db(), {
        companyId: companyId(),
        batchId: "o2",
        keys: KEYS,
        source: reread,
        rereadable: true,
      }),
    ).toMatchObject({ rows: 20, errorCount: 0 });
    expect(opened).toBe(2);
    expect((await counts()).vehicles).toBe(before.vehicles + 40);
  });

  it("a product named again in later batches is still written when its values change", async () => {
    const row = (i: number, price: string) =>
      Object.assign(goodRow(i), { 3: `REP${i}`, 8: "SKU-REP", 9: "Producto repetido", 10: price, 11: "Repuestos" });
    const path = await workbook("repeated", 0, [
      row(1, "1.000"),
      row(2, "1.000"),
      row(3, "2.000"),
      row(4, "2.000"),
      row(5, "2.000"),
    ]);
    const report = await runImport(app.db(), {
      companyId: companyId(),
      batchId: "rep",
      keys: KEYS,
      source: () => readSheet(path, "Datos"),
      batchRows: 1,
    });
    expect(report).toMatchObject({ rows: 5, errorCount: 0 });
    const [product] = await app
      .db()
      .select()
      .from(products)
      .where(and(eq(products.companyId, companyId()), eq(products.code, "SKU-REP")));
    expect(product?.price).toBe(2000);
    // Created by the first batch, changed once (by the third): the undo puts back the first batch's price.
    const changes = await app
      .db()
      .select()
      .from(importUpdated)
      .where(and(eq(importUpdated.batchId, "rep"), eq(importUpdated.entity, "products")));
    expect(changes.map((c) => [c.previous, c.written].map((v) => (v as { price: number }).price))).toEqual([
      [1000, 2000],
    ]);
  });

  it("remembers the products written with their values, up to a bound", () => {
    const written = new WrittenProducts();
    const product = { code: "A", name: "Aceite", price: 100 };
    expect(written.needsWrite(product)).toBe(true);
    expect(written.needsWrite({ ...product })).toBe(false);
    expect(written.needsWrite({ ...product, price: 200 })).toBe(true);
    expect(written.needsWrite({ ...product, price: 200 })).toBe(false);
    for (let i = 1; i < WrittenProducts.MAX; i++) written.needsWrite({ code: `C${i}` });
    // Full: a new code is written every time, one already remembered still compared.
    expect([written.needsWrite({ code: "NEW" }), written.needsWrite({ code: "NEW" })]).toEqual([true, true]);
    expect(written.needsWrite({ ...product, price: 200 })).toBe(false);
  });

  it("a client renamed between a batch's two stages is named by its vehicle's search text as renamed", async () => {
    const client = {
      rut: rut(22_000_001),
      name: "Nombre Importado",
      email: null,
      phone: null,
      address: null,
      city: null,
    };
    const rows: MappedRow[] = [
      {
        client,
        vehicle: { identifier: "RENOM1", chassis: null, year: null, color: null, custom_fields: {} },
        brand: null,
        model: null,
        product: null,
        category: null,
      },
    ];
    const ids = await writeRecords(app.db(), companyId(), "rn", rows);
    const clientId = ids.clientIds.get(client.rut);
    await app.db().update(clients).set({ name: "Nombre Nuevo" }).where(eq(clients.id, clientId!));
    await writeVehicles(app.db(), companyId(), "rn", rows, ids);
    const [vehicle] = await app
      .db()
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, companyId()), eq(vehicles.identifier, "RENOM1")));
    expect(vehicle?.clientId).toBe(clientId);
    expect(vehicle?.searchText).toContain("NOMBRE NUEVO");
    expect(vehicle?.searchText).not.toContain("IMPORTADO");
  });

  it.skipIf(!testServerUrl())(
    postgresOnly("a client renamed while its vehicles wait for the row is named as renamed"),
    async () => {
      const client = {
        rut: rut(22_000_002),
        name: "Nombre Importado",
        email: null,
        phone: null,
        address: null,
        city: null,
      };
      const rows: MappedRow[] = [
        {
          client,
          vehicle: { identifier: "RENOM2", chassis: null, year: null, color: null, custom_fields: {} },
          brand: null,
          model: null,
          product: null,
          category: null,
        },
      ];
      const ids = await writeRecords(app.db(), companyId(), "rn2", rows);
      // The vehicles' lock waits for the rename; their insert, a later statement, then reads the client as renamed.
      await whileRenamed(ids.clientIds.get(client.rut)!, "Nombre Renombrado", () =>
        writeVehicles(app.db(), companyId(), "rn2", rows, ids),
      );
      const [vehicle] = await app
        .db()
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.companyId, companyId()), eq(vehicles.identifier, "RENOM2")));
      expect(vehicle?.searchText).toContain("NOMBRE RENOMBRADO");
      expect(vehicle?.searchText).not.toContain("IMPORTADO");
    },
  );

  it.skipIf(!testServerUrl())(
    postgresOnly("a vehicle the import moves to a client being renamed is named as renamed"),
    async () => {
      const base = { brand: null, model: null, product: null, category: null };
      const vehicle = { identifier: "MOVED1", chassis: null, year: null, color: null, custom_fields: {} };
      const y = { rut: rut(22_000_003), name: "Cliente Antes", email: null, phone: null, address: null, city: null };
      const x = { rut: rut(22_000_004), name: "Cliente Viejo", email: null, phone: null, address: null, city: null };
      // The vehicle exists with client Y; the next batch only moves it to X (no new vehicle in it).
      const first: MappedRow[] = [
        { ...base, client: y, vehicle },
        { ...base, client: x, vehicle: null },
      ];
      await writeBatch(app.db(), companyId(), "mv1", first);
      const second: MappedRow[] = [{ ...base, client: x, vehicle }];
      const ids = await writeRecords(app.db(), companyId(), "mv2", second);
      await whileRenamed(ids.clientIds.get(x.rut)!, "Cliente Nuevo", () =>
        writeVehicles(app.db(), companyId(), "mv2", second, ids),
      );
      const [moved] = await app
        .db()
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.companyId, companyId()), eq(vehicles.identifier, "MOVED1")));
      expect(moved?.clientId).toBe(ids.clientIds.get(x.rut));
      expect(moved?.searchText).toContain("CLIENTE NUEVO");
    },
  );

  it("a progress that cannot be told stops the import within a batch or two", async () => {
    const rows = Array.from({ length: 8 }, (_, i) => Object.assign(goodRow(i + 1), { 3: `PROG${i}` }));
    const path = await workbook("progress", 0, rows);
    await expect(
      runImport(app.db(), {
        companyId: companyId(),
        batchId: "prog",
        keys: KEYS,
        source: () => readSheet(path, "Datos"),
        batchRows: 1,
        onProgress: () => {
          throw new Error("the job's row is gone");
        },
      }),
    ).rejects.toThrow("the job's row is gone");
    const written = await app
      .db()
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, companyId()), sql`${vehicles.identifier} LIKE 'PROG%'`));
    expect(written.length).toBeGreaterThanOrEqual(1);
    expect(written.length).toBeLessThanOrEqual(3);
  });

  it("a batch's vehicles are not written when the batch before failed", async () => {
    const rows: MappedRow[] = [
      {
        client: null,
        vehicle: { identifier: "AFTERFAIL", chassis: null, year: null, color: null, custom_fields: {} },
        brand: null,
        model: null,
        product: null,
        category: null,
      },
    ];
    const ids = await writeRecords(app.db(), companyId(), "af", rows);
    let locked = false;
    const before = Promise.reject(new Error("the batch before failed"));
    before.catch(() => undefined); // awaited by writeVehicles once it holds the lock, before its statement
    await expect(
      writeVehicles(app.db(), companyId(), "af", rows, ids, { after: before, onLocked: () => (locked = true) }),
    ).rejects.toThrow("the batch before failed");
    expect(locked).toBe(true);
    expect(
      await app
        .db()
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.companyId, companyId()), eq(vehicles.identifier, "AFTERFAIL"))),
    ).toEqual([]);
  });

  it("a plate repeated in later batches ends with its last row's values, batch after batch", async () => {
    const row = (year: number) => Object.assign(goodRow(1), { 3: "ORDEN1", 4: year });
    const path = await workbook("order", 0, [row(2001), row(2002), row(2003), row(2004), row(2005), row(2006)]);
    const progress: number[] = [];
    const report = await runImport(app.db(), {
      companyId: companyId(),
      batchId: "ord",
      keys: KEYS,
      source: () => readSheet(path, "Datos"),
      batchRows: 1,
      onProgress: (done) => void progress.push(done),
    });
    expect(report).toMatchObject({ rows: 6, errorCount: 0 });
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
    const plates = await app
      .db()
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.companyId, companyId()), eq(vehicles.identifier, "ORDEN1")));
    expect(plates.map((v) => v.year)).toEqual([2006]);
    // Each batch after the first changed it once, from the year the batch before wrote.
    const changes = await app
      .db()
      .select()
      .from(importUpdated)
      .where(and(eq(importUpdated.batchId, "ord"), eq(importUpdated.entity, "vehicles")))
      .orderBy(importUpdated.id);
    expect(changes.map((c) => [c.previous, c.written].map((v) => (v as { year: number }).year))).toEqual([
      [2001, 2002],
      [2002, 2003],
      [2003, 2004],
      [2004, 2005],
      [2005, 2006],
    ]);
  });

  it("the dry run alone counts rows and reports nothing for a clean sheet", async () => {
    const path = await workbook("clean", 10);
    expect(await dryRun(KEYS, readSheet(path, "Datos"))).toEqual({ rows: 10, errors: [], errorCount: 0 });
  });

  it("rolling back puts overwritten values back, except where someone changed them since", async () => {
    const row = (over: { name: string; email: string; year: number; model: string; price: number }): MappedRow => ({
      client: { rut: rut(21_000_001), name: over.name, email: over.email, phone: null, address: null, city: null },
      vehicle: { identifier: "UNDO01", chassis: null, year: over.year, color: null, custom_fields: { $$Motor: "1.6" } },
      brand: "Marca Undo",
      model: over.model,
      product: { code: "SKU-UNDO", name: "Producto Undo", price: over.price, buy_price: 0, description: null },
      category: null,
    });
    const read = async () => ({
      client: (
        await app
          .db()
          .select()
          .from(clients)
          .where(and(eq(clients.companyId, companyId()), eq(clients.rut, rut(21_000_001))))
      )[0],
      vehicle: (
        await app
          .db()
          .select()
          .from(vehicles)
          .where(and(eq(vehicles.companyId, companyId()), eq(vehicles.identifier, "UNDO01")))
      )[0],
      product: (
        await app
          .db()
          .select()
          .from(products)
          .where(and(eq(products.companyId, companyId()), eq(products.code, "SKU-UNDO")))
      )[0],
    });
    await writeBatch(app.db(), companyId(), "u1", [
      row({ name: "Ana", email: "ana@correo.cl", year: 2015, model: "Uno", price: 1000 }),
    ]);
    const first = await read();

    // A second import changes them, in two writes of one batch (a RUT repeated thousands of rows apart).
    await writeBatch(app.db(), companyId(), "u2", [
      row({ name: "Ana María", email: "am@correo.cl", year: 2016, model: "Dos", price: 2000 }),
    ]);
    await writeBatch(app.db(), companyId(), "u2", [
      row({ name: "Ana María", email: "amr@correo.cl", year: 2017, model: "Dos", price: 3000 }),
    ]);
    const records = await app.db().select().from(importUpdated).where(eq(importUpdated.batchId, "u2"));
    expect(records.map((r) => r.entity).sort()).toEqual([
      "clients",
      "clients",
      "products",
      "products",
      "vehicles",
      "vehicles",
    ]);
    const [newModel] = await app
      .db()
      .select()
      .from(brandModels)
      .where(and(eq(brandModels.companyId, companyId()), eq(brandModels.name, "Dos")));
    expect((await read()).vehicle).toMatchObject({ year: 2017, brandModelId: newModel?.id });

    // Staff change the client's e-mail afterwards: that edit stays.
    await app
      .db()
      .update(clients)
      .set({ email: "propio@correo.cl" })
      .where(eq(clients.id, first.client?.id ?? 0));

    expect(await app.db().transaction((tx) => rollbackBatch(tx, companyId(), "u2"))).toEqual({
      deleted: 1,
      restored: 3,
      kept: {},
    });
    const after = await read();
    expect(after.client).toMatchObject({ name: "Ana", email: "propio@correo.cl" });
    // The vehicle points at its first model again, so the model the second import created could be deleted.
    expect(after.vehicle).toMatchObject({ year: 2015, brandModelId: first.vehicle?.brandModelId });
    expect(
      await app
        .db()
        .select()
        .from(brandModels)
        .where(eq(brandModels.id, newModel?.id ?? 0)),
    ).toEqual([]);
    expect(after.product).toMatchObject({ price: 1000 });
    // The search text follows the restored values (the client's name is in it).
    expect(after.client?.searchText).not.toContain("MARIA");
    expect(after.client?.searchText).toContain("ANA");
    expect(await app.db().select().from(importUpdated).where(eq(importUpdated.batchId, "u2"))).toEqual([]);
    // Re-importing what is already there records no change.
    await writeBatch(app.db(), companyId(), "u3", [
      row({ name: "Ana", email: "propio@correo.cl", year: 2015, model: "Uno", price: 1000 }),
    ]);
    expect(await app.db().select().from(importUpdated).where(eq(importUpdated.batchId, "u3"))).toEqual([]);
  });
});
