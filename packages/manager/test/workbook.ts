// The import's test and bench workbook columns, and how they map (one list for both).
import type { DatabaseKeys } from "@taller/core";
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { DatabaseFileStore } from "../src";

export const KEYS: DatabaseKeys = [
  { column: "RUT", target: "Client.rut" },
  { column: "Nombre", target: "Client.name" },
  { column: "Correo", target: "Client.email" },
  { column: "Patente", target: "Vehicle.identifier" },
  { column: "Año", target: "Vehicle.year" },
  { column: "Marca", target: "Brand.name" },
  { column: "Modelo", target: "BrandModel.name" },
  { column: "Motor", target: "Vehicle.custom_fields.Motor" },
  { column: "SKU", target: "Product.code" },
  { column: "Producto", target: "Product.name" },
  { column: "Precio", target: "Product.price" },
  { column: "Categoría", target: "Category.name" },
];

export const HEADER = KEYS.map((k) => k.column);

/** An .xlsx in memory: each sheet's rows (the first is its header), in order. */
export async function workbookBytes(sheets: Record<string, unknown[][]>): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = wb.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** A file store in memory, for tests that run the procedures without the server's store. */
export function memoryFileStore(): DatabaseFileStore & { stored: Map<string, Uint8Array> } {
  const stored = new Map<string, Uint8Array>();
  return {
    stored,
    put: (key, bytes) => Promise.resolve(void stored.set(key, bytes)),
    get: (key) => {
      const bytes = stored.get(key);
      return Promise.resolve(bytes ? Readable.from([Buffer.from(bytes)]) : null);
    },
    delete: (key) => Promise.resolve(void stored.delete(key)),
  };
}
