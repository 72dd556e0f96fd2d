/**
 * One sheet row as records to import (pure): the mapping (`keys`) applied, values cleaned and validated. A row that
 * cannot be imported gets its reason in Spanish; the caller adds the row number.
 */
import { type DatabaseKeys, formatRut, isValidRut } from "@taller/core";

export interface MappedClient {
  rut: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
}
export interface MappedVehicle {
  identifier: string;
  chassis: string | null;
  year: number | null;
  color: string | null;
  custom_fields: Record<string, string>;
}
export interface MappedProduct {
  code: string;
  name: string;
  price: number;
  buy_price: number;
  description: string | null;
}
export interface MappedRow {
  client: MappedClient | null;
  vehicle: MappedVehicle | null;
  brand: string | null;
  model: string | null;
  product: MappedProduct | null;
  category: string | null;
}

export type RowResult = { ok: true; row: MappedRow } | { ok: false; reason: string };

/** A cell as text: trimmed, empty as null (exceljs gives numbers, dates, rich text and formula results). */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    const v = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (v.richText) return cellText(v.richText.map((r) => r.text).join(""));
    if (v.result !== undefined) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    return null;
  }
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return null;
  const text = String(value).trim();
  return text === "" ? null : text;
}

/** Whole pesos from "12990", "12.990", "$ 12.990" or a number; null when it is not a whole non-negative amount. */
export function parsePesos(text: string): number | null {
  const clean = text.replace(/[$\s]/g, "").replace(/\.(?=\d{3}(?:\D|$))/g, "");
  if (!/^\d{1,10}$/.test(clean)) return null;
  const n = Number(clean);
  return n <= 2_147_483_647 ? n : null;
}

const MAX_TEXT = 200;

interface Key {
  column: string;
  target: string;
  entity: string;
  /** The custom field's key ("$$Motor") for a custom-field target, else null. */
  custom: string | null;
}
/** Each mapping's targets taken apart once, not once per row (an import maps 100,000 rows with one mapping). */
const parsedKeys = new WeakMap<DatabaseKeys, Key[]>();
function parseKeys(keys: DatabaseKeys): Key[] {
  let parsed = parsedKeys.get(keys);
  if (!parsed) {
    parsed = keys.map(({ column, target }) => {
      const [entity = "", name = "", ...rest] = target.split(".");
      return { column, target, entity, custom: name === "custom_fields" ? `$$${rest.join(".")}` : null };
    });
    parsedKeys.set(keys, parsed);
  }
  return parsed;
}

/** Applies the mapping to one row (values by column header). */
export function mapRow(keys: DatabaseKeys, values: Record<string, unknown>): RowResult {
  const field: Record<string, string | null> = {};
  const custom: Record<string, Record<string, string>> = {};
  // The entities this row has a value for.
  const present = new Set<string>();
  for (const { column, target, entity, custom: customKey } of parseKeys(keys)) {
    const text = cellText(values[column]);
    if (text !== null && text.length > 2000) return { ok: false, reason: `La columna ${column} es demasiado larga` };
    if (customKey === null) field[target] = text;
    else if (text !== null) (custom[entity] ??= {})[customKey] = text;
    if (text !== null) present.add(entity);
  }
  const has = (entity: string) => present.has(entity);
  const short = (t: string) => {
    const v = field[t] ?? null;
    return v === null ? null : v.slice(0, MAX_TEXT);
  };

  let client: MappedClient | null = null;
  if (has("Client")) {
    const rut = field["Client.rut"];
    if (!rut) return { ok: false, reason: "Falta el RUT del cliente" };
    if (!isValidRut(rut)) return { ok: false, reason: `RUT inválido: ${rut.slice(0, 20)}` };
    const name = short("Client.name");
    if (!name) return { ok: false, reason: "Falta el nombre del cliente" };
    const email = short("Client.email");
    if (email && !/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(email))
      return { ok: false, reason: `Correo inválido: ${email.slice(0, 40)}` };
    client = {
      rut: formatRut(rut),
      name,
      email,
      phone: short("Client.phone"),
      address: short("Client.address"),
      city: short("Client.city"),
    };
  }

  let vehicle: MappedVehicle | null = null;
  const objectEntity = has("Vehicle") ? "Vehicle" : has("Custom object") ? "Custom object" : null;
  if (objectEntity) {
    const identifier = short(`${objectEntity}.identifier`);
    if (!identifier) return { ok: false, reason: "Falta el identificador" };
    const yearText = field["Vehicle.year"] ?? null;
    const year = yearText === null ? null : Number(yearText);
    if (year !== null && !(Number.isInteger(year) && year >= 1900 && year <= 2100))
      return { ok: false, reason: `Año inválido: ${yearText}` };
    vehicle = {
      identifier: identifier.toUpperCase(),
      chassis: objectEntity === "Vehicle" ? short("Vehicle.chasis") : null,
      year,
      color: objectEntity === "Vehicle" ? short("Vehicle.color") : null,
      custom_fields: { ...custom.Client, ...custom[objectEntity] },
    };
  }

  let product: MappedProduct | null = null;
  if (has("Product")) {
    const code = short("Product.code");
    if (!code) return { ok: false, reason: "Falta el código del producto" };
    const name = short("Product.name");
    if (!name) return { ok: false, reason: "Falta el nombre del producto" };
    const prices: Record<"price" | "buy_price", number> = { price: 0, buy_price: 0 };
    for (const key of ["price", "buy_price"] as const) {
      const text = field[`Product.${key}`];
      if (!text) continue;
      const pesos = parsePesos(text);
      if (pesos === null) return { ok: false, reason: `Precio inválido: ${text.slice(0, 20)}` };
      prices[key] = pesos;
    }
    product = { code, name, ...prices, description: field["Product.description"] ?? null };
  }

  const brand = short("Brand.name");
  const model = short("BrandModel.name");
  if (model && !brand) return { ok: false, reason: "Un modelo necesita su marca" };
  return { ok: true, row: { client, vehicle, brand, model, product, category: short("Category.name") } };
}
