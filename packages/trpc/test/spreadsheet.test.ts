// The shared .xlsx builder both list exports (orders, products) write through.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { buildSpreadsheet, spreadsheetDownload, spreadsheetFileName } from "../src/spreadsheet";

async function open(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return workbook;
}

describe("buildSpreadsheet", () => {
  it("writes one sheet: a bold header row, the rows in order, the given column formats", async () => {
    const day = new Date(Date.UTC(2026, 10, 21));
    const workbook = await open(
      await buildSpreadsheet({
        sheet: "Hoja",
        headers: ["Nombre", "Monto", "Fecha"],
        formats: new Map([
          [1, '"$"#,##0'],
          [2, "dd-mm-yy"],
        ]),
        rows: [
          ["Aceite", 1500, day],
          ["Filtro", null, null],
        ],
      }),
    );
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Hoja"]);
    const sheet = workbook.getWorksheet("Hoja")!;
    expect(sheet.getRow(1).values).toEqual([undefined, "Nombre", "Monto", "Fecha"]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(2).value).toBe(1500);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('"$"#,##0');
    expect(sheet.getRow(2).getCell(3).value).toEqual(day);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe("dd-mm-yy");
    expect(sheet.getRow(3).getCell(1).value).toBe("Filtro");
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
    expect(sheet.rowCount).toBe(3);
  });

  it("names the file with the title and a Chilean date-time stamp, and hands back the download", async () => {
    expect(spreadsheetFileName("Productos", new Date("2026-11-21T17:05:00Z"))).toBe("Productos 21-11-2026 14-05.xlsx");
    const download = await spreadsheetDownload("Productos", { sheet: "Productos", headers: ["Código"], rows: [] });
    expect(download.filename).toMatch(/^Productos \d{2}-\d{2}-\d{4} \d{2}-\d{2}\.xlsx$/);
    expect(download.content_type).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect((await open(Buffer.from(download.base64, "base64"))).getWorksheet("Productos")?.rowCount).toBe(1);
  });
});
