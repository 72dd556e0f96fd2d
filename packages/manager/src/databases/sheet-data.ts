import type { DatabaseKeys } from "@taller/core";
import { TRPCError } from "@taller/trpc";
import { sheetToJson, workbookSheets } from "./files";

/**
 * One sheet of a stored workbook as the database's data: checked against the mapping, then written as JSON. Also
 * answers the workbook's sheet names, which 'Hoja' offers.
 */
export async function sheetData(
  workbookKey: string,
  sheet: string,
  keys: DatabaseKeys,
): Promise<{ fileKey: string; rowCount: number; sheets: string[] }> {
  const sheets = await workbookSheets(workbookKey);
  const columns = sheets.find((s) => s.name === sheet)?.columns;
  if (!columns) throw new TRPCError({ code: "BAD_REQUEST", message: `El Excel no tiene la hoja ${sheet}` });
  const missing = keys.find((k) => !columns.includes(k.column));
  if (missing)
    throw new TRPCError({ code: "BAD_REQUEST", message: `La hoja ${sheet} no tiene la columna ${missing.column}` });
  const { fileKey, rows } = await sheetToJson(workbookKey, sheet);
  return { fileKey, rowCount: rows, sheets: sheets.map((s) => s.name) };
}
