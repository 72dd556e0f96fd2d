/**
 * Reads a workbook with exceljs's streaming reader: rows are handed on one at a time and never held together, so
 * a 100,000-row sheet costs the memory of one row. Rows without any value are skipped (a sheet may declare a million
 * empty rows), so what is counted is what is really there.
 */
import type { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { cellText } from "./map";

export interface SheetRow {
  /** The row's number in the sheet (1 is the header row). */
  row: number;
  values: Record<string, unknown>;
}

/** exceljs's streaming reader with the options every read here uses (exported for its regression test). */
export function readerOf(input: Readable | string) {
  return new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    entries: "ignore",
  });
}

/** The cells of an exceljs row, 0-based (exceljs leaves index 0 empty). */
const cellsOf = (values: unknown): unknown[] => (Array.isArray(values) ? values.slice(1) : []);

export interface SheetSummary {
  name: string;
  columns: string[];
  rows: number;
}

/** Every sheet's name, header row and count of non-empty data rows (one streaming pass). */
export async function summarizeWorkbook(input: Readable | string): Promise<SheetSummary[]> {
  const sheets: SheetSummary[] = [];
  for await (const worksheet of readerOf(input)) {
    const summary: SheetSummary = { name: sheetName(worksheet), columns: [], rows: 0 };
    for await (const row of worksheet) {
      const cells = cellsOf(row.values).map(cellText);
      if (summary.columns.length === 0) {
        if (cells.some((c) => c !== null)) summary.columns = headerNames(cells);
      } else if (cells.some((c) => c !== null)) summary.rows += 1;
    }
    sheets.push(summary);
  }
  return sheets;
}

/** The data rows of one sheet, keyed by the header row's names. */
export async function* readSheet(input: Readable | string, sheet: string): AsyncGenerator<SheetRow> {
  for await (const worksheet of readerOf(input)) {
    const isWanted = sheetName(worksheet) === sheet;
    let header: string[] | null = null;
    for await (const row of worksheet) {
      // Another sheet's rows are drained unread: the zip is read in order.
      if (!isWanted) continue;
      const cells = cellsOf(row.values);
      if (!cells.some((c) => cellText(c) !== null)) continue;
      if (!header) {
        header = headerNames(cells.map(cellText));
        continue;
      }
      const values: Record<string, unknown> = {};
      header.forEach((name, i) => {
        if (name) values[name] = cells[i];
      });
      yield { row: row.number, values };
    }
  }
}

/** Header cells as column names; a blank header cell gets its column letter's position ("Columna 3"). */
function headerNames(cells: (string | null)[]): string[] {
  return cells.map((c, i) => (c ?? `Columna ${i + 1}`).slice(0, 200));
}

function sheetName(worksheet: unknown): string {
  const w = worksheet as { name?: string; id?: number };
  return w.name ?? `Hoja ${w.id ?? ""}`;
}
