// The products spreadsheet: sheet 'Productos', one row per product of the filtered list under Spanish headers, the
// stock of each warehouse in its own column (headed by its name), then the total and the low-stock mark.
import { formatDate, formatTime } from "@taller/core";
import ExcelJS from "exceljs";
import type { ProductRow } from "./products/list-query";

const FIXED_HEADERS = ["Código", "Nombre", "Categoría", "Unidad", "Precio (CLP)", "Costo (CLP)"];
const PESOS_FORMAT = '"$"#,##0';

/** One row's cells: the product's fields, its stock per warehouse (in `warehouses` order), total, low mark. */
export function productCells(p: ProductRow, warehouseIds: readonly number[]): (string | number)[] {
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

export async function buildProductsWorkbook(
  products: readonly ProductRow[],
  warehouses: readonly { id: number; name: string }[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Productos");
  sheet.addRow([...FIXED_HEADERS, ...warehouses.map((w) => `Stock ${w.name}`), "Stock total", "Stock bajo"]).font = {
    bold: true,
  };
  sheet.getColumn(5).numFmt = PESOS_FORMAT;
  sheet.getColumn(6).numFmt = PESOS_FORMAT;
  const ids = warehouses.map((w) => w.id);
  for (const p of products) sheet.addRow(productCells(p, ids));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** "Productos 21-11-2026 14-30.xlsx": the stamp in Chile's time, without characters file systems reject. */
export function productsFileName(now: Date): string {
  return `Productos ${formatDate(now)} ${formatTime(now).replace(":", "-")}.xlsx`;
}
