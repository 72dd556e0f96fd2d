// The orders spreadsheet (seed 002 sections 3.4 and 9): sheet 'Data', one row per order with the export row's
// fields as headers, then the shown custom fields; dates short in Chilean Spanish.
import { formatDate, formatShortDateCL, formatTime } from "@taller/core";
import ExcelJS from "exceljs";
import { customFieldColumns, customFieldText, type CustomFieldColumn, type CustomFieldDefinition } from "./custom-fields";

const EXPORT_SHEET = "Data";
export const EXPORT_MAX_ROWS = 1000;

export const EXPORT_COLUMNS = [
  "correlative_id",
  "client_name",
  "client_rut",
  "client_email",
  "client_phone",
  "from",
  "assignee_name",
  "user_name",
  "brand_name",
  "brand_model_name",
  "identifier",
  "chasis",
  "kms",
  "requirement_name",
  "status_name",
  "check_in_time",
  "ended_at",
  "comment",
  "technical_user_id",
] as const;

type ExportColumn = (typeof EXPORT_COLUMNS)[number];
type DateColumn = "check_in_time" | "ended_at";
type NumberColumn = "correlative_id" | "kms" | "technical_user_id";

/** One order as the export reads it; custom fields are the vehicle's merged under the order's own. */
export type ExportOrder = { [K in Exclude<ExportColumn, DateColumn | NumberColumn>]: string | null } & {
  correlative_id: number;
  kms: number | null;
  technical_user_id: number | null;
  check_in_time: Date;
  ended_at: Date | null;
  custom_fields: Record<string, unknown>;
};

export type Cell = string | number | null;

/** A row's cells in header order: the fixed fields, then one per custom column. */
export function exportRow(order: ExportOrder, columns: readonly CustomFieldColumn[]): Cell[] {
  return [
    ...EXPORT_COLUMNS.map((key): Cell => {
      if (key === "check_in_time") return formatShortDateCL(order.check_in_time);
      if (key === "ended_at") return order.ended_at ? formatShortDateCL(order.ended_at) : null;
      return order[key];
    }),
    ...columns.map((c) => customFieldText(order.custom_fields[c.key], c.definition) || null),
  ];
}

/** The .xlsx file's bytes. */
export async function buildWorkbook(orders: readonly ExportOrder[], definitions: readonly CustomFieldDefinition[]): Promise<Buffer> {
  const columns = customFieldColumns(
    definitions,
    orders.map((o) => o.custom_fields),
  );
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(EXPORT_SHEET);
  sheet.addRow([...EXPORT_COLUMNS, ...columns.map((c) => c.label)]).font = { bold: true };
  for (const order of orders) sheet.addRow(exportRow(order, columns));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** "Ordenes de Trabajo 21-11-2026 14-30.xlsx": the stamp in Chile's time, without characters file systems reject. */
export function exportFileName(now: Date): string {
  return `Ordenes de Trabajo ${formatDate(now)} ${formatTime(now).replace(":", "-")}.xlsx`;
}
