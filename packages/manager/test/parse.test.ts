// The workbook's parse in its worker thread (src/import/parse.ts): its answers, and a worker that needs more memory
// than it may have failing alone, with the Spanish message, while this process goes on parsing.
import { describe, expect, it } from "vitest";
import { PARSE_ERRORS, parseWorkbook } from "../src/import/parse";
import { workbookBytes } from "./workbook";

const SHEETS = {
  Marcas: [["Marca"], ["Toyota"], ["Kia"]],
  Clientes: [
    ["RUT", "Nombre"],
    ["1-9", "Ana"],
  ],
};

describe("parseWorkbook", () => {
  it("answers the sheets and one sheet's rows as JSON lines", async () => {
    const bytes = await workbookBytes(SHEETS);
    expect(await parseWorkbook({ kind: "summary", bytes })).toEqual([
      { name: "Marcas", columns: ["Marca"], rows: 2 },
      { name: "Clientes", columns: ["RUT", "Nombre"], rows: 1 },
    ]);
    const { json, rows } = await parseWorkbook({ kind: "json", bytes, sheet: "Clientes" });
    expect(rows).toBe(1);
    expect(JSON.parse(Buffer.from(json).toString("utf8"))).toEqual([{ row: 2, values: { RUT: "1-9", Nombre: "Ana" } }]);
  }, 60_000);

  it("a file that is not a workbook is refused in Spanish", async () => {
    await expect(parseWorkbook({ kind: "summary", bytes: new TextEncoder().encode("hola") })).rejects.toThrow(
      PARSE_ERRORS.notZip,
    );
  }, 60_000);

  it("a worker past its memory limit fails alone with the Spanish message; the process parses on", async () => {
    // 60,000 rows of text read into a heap of a few megabytes: the worker starts, then runs out while reading (a
    // heap too small to start V8 at all is a fatal error of the whole process on newer Node, not a case to test).
    const rows = Array.from({ length: 60_000 }, (_, i) => [`fila ${i} ${"x".repeat(40)}`, `otra ${i}`]);
    const big = await workbookBytes({ Grande: [["Texto", "Otro"], ...rows] });
    await expect(
      parseWorkbook({ kind: "summary", bytes: big }, { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 4 }),
    ).rejects.toThrow(PARSE_ERRORS.outOfMemory);
    expect(await parseWorkbook({ kind: "summary", bytes: await workbookBytes(SHEETS) })).toHaveLength(2);
  }, 60_000);
});
