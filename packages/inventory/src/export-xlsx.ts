// The products spreadsheet: sheet 'Productos', one row per product of the filtered list under Spanish headers, the
// stock of each warehouse in its own column (headed by its name), then the total and the low-stock mark.
import type { Cell, Spreadsheet } from "@taller/trpc";
import type { ProductRow } from "./products/list-query";

/** The file's name before its stamp: "Productos 21-11-2026 14-30.xlsx". */
export const PRODUCTS_EXPORT_TITLE = "Productos";
const FIXED_HEADERS = ["Código", "Nombre", "Categoría", "Unidad", "Precio (CLP)", "Costo (CLP)"];
export const PESOS_FORMAT = '"$"#,##0';

/** One row's cells: the product's fields, its stock per warehouse (in `warehouses` order), total, low mark. */
export function productCells(p: ProductRow, warehouseIds: readonly number[]): Cell[] {
  const held = new Map(p.stock.map((s) => [s.warehouse_id, s.quantity]));
  return [
    p.code,
    p.name,
    p.category_name ?? "",
    p.unit,
    p.price,
    p.buy_price,
    ...warehouseIds.map((id) => held.get(id) ?? 0),
    p.total,
    p.low ? "Sí" : "No",
  ];
}

export function productsSpreadsheet(
  products: readonly ProductRow[],
  warehouses: readonly { id: number; name: string }[],
): Spreadsheet {
  const ids = warehouses.map((w) => w.id);
  return {
    sheet: "Productos",
    headers: [...FIXED_HEADERS, ...warehouses.map((w) => `Stock ${w.name}`), "Stock total", "Stock bajo"],
    // Precio and Costo.
    formats: new Map([
      [4, PESOS_FORMAT],
      [5, PESOS_FORMAT],
    ]),
    rows: products.map((p) => productCells(p, ids)),
  };
}
