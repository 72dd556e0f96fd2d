// The one .xlsx builder every list export uses (orders, products): a single sheet, a bold header row, column
// formats, then the rows; and the file name stamped in Chile's time. Each export only says its sheet, headers and
// cells, so two exports cannot drift apart in how a workbook is written.
import { formatDate, formatTime, XLSX_TYPE } from "@taller/core";

export type Cell = string | number | Date | null;

export interface Spreadsheet {
  sheet: string;
  headers: readonly string[];
  /** numFmt per 0-based column index (e.g. a date or pesos format). */
  formats?: ReadonlyMap<number, string>;
  rows: Iterable<readonly Cell[]>;
}

/** The .xlsx file's bytes. */
export async function buildSpreadsheet({ sheet: name, headers, formats, rows }: Spreadsheet): Promise<Buffer> {
  // Loaded with the first export, not at start: exceljs is the heaviest of the server's libraries.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  sheet.addRow([...headers]).font = { bold: true };
  for (const [index, format] of formats ?? []) sheet.getColumn(index + 1).numFmt = format;
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * "<title> 21-11-2026 14-30.xlsx": the stamp in Chile's time, and nothing file systems reject (a title may be a
 * company's own term, holding '/' or ':').
 */
export function spreadsheetFileName(title: string, now: Date): string {
  const name = title.replace(/[\\/:*?"<>|]+/g, "-");
  return `${name} ${formatDate(now)} ${formatTime(now).replace(":", "-")}.xlsx`;
}

/** What an export procedure hands the browser to download. */
export async function spreadsheetDownload(title: string, spreadsheet: Spreadsheet) {
  const file = await buildSpreadsheet(spreadsheet);
  return { filename: spreadsheetFileName(title, new Date()), content_type: XLSX_TYPE, base64: file.toString("base64") };
}
