// The row mapping alone (pure): what a sheet row becomes, and the reasons a row is refused.
import { type DatabaseKeys, databaseKeysSchema, isDatabaseTarget } from "@taller/core";
import { describe, expect, it } from "vitest";
import { cellText, mapRow, parsePesos } from "../src/import/map";

const keys: DatabaseKeys = [
  { column: "rut", target: "Client.rut" },
  { column: "nombre", target: "Client.name" },
  { column: "patente", target: "Custom object.identifier" },
  { column: "color", target: "Custom object.custom_fields.Color" },
];

describe("mapping targets", () => {
  it("accepts the seed's fields and custom fields, nothing else", () => {
    expect(isDatabaseTarget("Client.rut")).toBe(true);
    expect(isDatabaseTarget("Product.buy_price")).toBe(true);
    expect(isDatabaseTarget("Vehicle.custom_fields.Motor")).toBe(true);
    expect(isDatabaseTarget("Vehicle.custom_fields")).toBe(false);
    expect(isDatabaseTarget("Brand.custom_fields.x")).toBe(false);
    expect(isDatabaseTarget("Client.password")).toBe(false);
    expect(databaseKeysSchema.safeParse([...keys, { column: "otra", target: "Client.rut" }]).success).toBe(false);
  });
});

describe("mapRow", () => {
  it("normalises the RUT and upper-cases the identifier; custom fields carry the shown-key marker", () => {
    expect(mapRow(keys, { rut: "12345678-5", nombre: " Ana ", patente: "ab-cd12", color: "Rojo" })).toEqual({
      ok: true,
      row: {
        client: { rut: "12.345.678-5", name: "Ana", email: null, phone: null, address: null, city: null },
        vehicle: { identifier: "AB-CD12", chassis: null, year: null, color: null, custom_fields: { $$Color: "Rojo" } },
        brand: null,
        model: null,
        product: null,
        category: null,
      },
    });
  });

  it("refuses a bad RUT, a missing name, a model without brand, a bad price", () => {
    expect(mapRow(keys, { rut: "12345678-0", nombre: "Ana" })).toEqual({
      ok: false,
      reason: "RUT inválido: 12345678-0",
    });
    expect(mapRow(keys, { rut: "12345678-5" })).toEqual({ ok: false, reason: "Falta el nombre del cliente" });
    expect(mapRow([{ column: "m", target: "BrandModel.name" }], { m: "Corolla" })).toEqual({
      ok: false,
      reason: "Un modelo necesita su marca",
    });
    const product: DatabaseKeys = [
      { column: "c", target: "Product.code" },
      { column: "n", target: "Product.name" },
      { column: "p", target: "Product.price" },
    ];
    expect(mapRow(product, { c: "X1", n: "Filtro", p: "-5" })).toEqual({ ok: false, reason: "Precio inválido: -5" });
    expect(mapRow(product, { c: "X1", n: "Filtro", p: "$ 12.990" })).toMatchObject({
      ok: true,
      row: { product: { price: 12990 } },
    });
  });

  it("reads exceljs cells: rich text, formula results, dates, blanks", () => {
    expect(cellText({ richText: [{ text: "Ta" }, { text: "ller" }] })).toBe("Taller");
    expect(cellText({ formula: "A1", result: 42 })).toBe("42");
    expect(cellText(new Date("2024-03-05T00:00:00Z"))).toBe("2024-03-05");
    expect(cellText("   ")).toBeNull();
    expect(parsePesos("1.234.567")).toBe(1234567);
    expect(parsePesos("12,5")).toBeNull();
  });
});
