// The streaming workbook reader against the zip orders real files have. Excel writes xl/workbook.xml and the shared
// strings before the sheets, so exceljs hands each small sheet over while the zip reader runs ahead; unzipper used to
// end its entry stream as soon as its input was consumed, and a reader that was still busy lost the sheets after it
// (and, for exceljs's own files, xl/workbook.xml: "Cannot read properties of undefined (reading 'sheets')").
// patches/unzipper@0.10.14.patch lets the stream end only after its last entry was read.
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { readerOf, readSheet, summarizeWorkbook } from "../src/import/sheet";
import { workbookBytes } from "./workbook";

const SHEETS = {
  Notas: [["Nota"], ["Exportado"]],
  Marcas: [["Marca"], ["Toyota"], ["Kia"]],
  Clientes: [
    ["RUT", "Nombre"],
    ["1-9", "Ana"],
    ["2-7", "Luis"],
  ],
};

/** The same workbook with its entries in Excel's order: the workbook, its relations and the shared strings first. */
async function excelOrdered(bytes: Uint8Array): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const first = [
    "[Content_Types].xml",
    "_rels/.rels",
    "xl/workbook.xml",
    "xl/_rels/workbook.xml.rels",
    "xl/sharedStrings.xml",
    "xl/styles.xml",
  ];
  const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
  const out = new JSZip();
  for (const name of [...first, ...names.filter((n) => !first.includes(n))])
    out.file(name, await zip.file(name)!.async("uint8array"));
  return out.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

const oneChunk = (bytes: Uint8Array) => Readable.from([Buffer.from(bytes)]);

describe("the streaming workbook reader", () => {
  it("hands over every sheet of an Excel-ordered file to a reader that takes its time over each row", async () => {
    const bytes = await excelOrdered(await workbookBytes(SHEETS));
    const seen: string[] = [];
    for await (const worksheet of readerOf(oneChunk(bytes))) {
      for await (const _row of worksheet) await sleep(15);
      seen.push(String((worksheet as { name?: string }).name));
    }
    expect(seen).toEqual(["Notas", "Marcas", "Clientes"]);
  });

  it("reads the last sheet of both zip orders, named and counted", async () => {
    const written = await workbookBytes(SHEETS);
    for (const bytes of [written, await excelOrdered(written)]) {
      expect(await summarizeWorkbook(oneChunk(bytes))).toEqual([
        { name: "Notas", columns: ["Nota"], rows: 1 },
        { name: "Marcas", columns: ["Marca"], rows: 2 },
        { name: "Clientes", columns: ["RUT", "Nombre"], rows: 2 },
      ]);
      const rows = [];
      for await (const row of readSheet(oneChunk(bytes), "Clientes")) rows.push(row);
      expect(rows).toEqual([
        { row: 2, values: { RUT: "1-9", Nombre: "Ana" } },
        { row: 3, values: { RUT: "2-7", Nombre: "Luis" } },
      ]);
    }
  });
});
