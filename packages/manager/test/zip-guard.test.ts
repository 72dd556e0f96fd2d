// Workbooks built to inflate past what the server can hold (a zip bomb in the shared strings, which exceljs keeps
// in memory), refused before exceljs reads them, whether the zip declares the size or lies about it. The bombs are
// made here: 1 MiB of spaces deflated once (about a kilobyte) and repeated, so the file stays small.
import { crc32, deflateRawSync, constants } from "node:zlib";
import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "vitest";
import { configureDatabaseFiles, stageWorkbook, workbookSheets } from "../src/databases/files";
import { checkWorkbookZip, WORKBOOK_ERRORS, WORKBOOK_LIMITS } from "../src/import/zip-guard";
import { memoryFileStore, workbookBytes } from "./workbook";

interface Part {
  name: string;
  /** Raw deflate data, the inflated size and CRC-32 the zip declares. */
  data: Buffer;
  size: number;
  crc: number;
}

const part = (name: string, bytes: Uint8Array): Part => ({
  name,
  data: deflateRawSync(bytes),
  size: bytes.length,
  crc: crc32(bytes),
});

/**
 * `mib` MiB of spaces as one deflate stream, from one compressed MiB repeated (each needs no earlier bytes). Its
 * CRC is left at 0: the check refuses it before anything would compare one.
 */
function bomb(name: string, mib: number): Part {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), { finishFlush: constants.Z_FULL_FLUSH });
  const data = Buffer.concat([...Array.from({ length: mib }, () => block), deflateRawSync(Buffer.alloc(0))]);
  return { name, data, size: mib * 1024 * 1024, crc: 0 };
}

/** A zip of the parts, deflated, as a workbook writer lays it out (local headers, central directory, end record). */
function zipOf(parts: Part[], declared: (p: Part) => number = (p) => p.size): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    // Both headers hold the same run (method, time, CRC, sizes, name length), the central one 2 bytes later.
    const header = (signature: number, size: number, at: number) => {
      const out = Buffer.alloc(size);
      out.writeUInt32LE(signature, 0);
      out.writeUInt16LE(20, 4);
      out.writeUInt16LE(8, at);
      out.writeUInt32LE(p.crc >>> 0, at + 6);
      out.writeUInt32LE(p.data.length, at + 10);
      out.writeUInt32LE(declared(p), at + 14);
      out.writeUInt16LE(name.length, at + 18);
      return out;
    };
    const local = header(0x04034b50, 30, 8);
    const central = header(0x02014b50, 46, 10);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.data);
    centrals.push(central, name);
    offset += 30 + name.length + p.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

let parts: Part[];
const files = memoryFileStore();
beforeAll(async () => {
  configureDatabaseFiles(files);
  const zip = await JSZip.loadAsync(
    await workbookBytes({
      Clientes: [
        ["RUT", "Nombre"],
        ["1-9", "Ana"],
      ],
    }),
  );
  const names = Object.keys(zip.files).filter((n) => !zip.files[n]?.dir);
  parts = await Promise.all(names.map(async (n) => part(n, await zip.file(n)!.async("uint8array"))));
});
/** The workbook with its shared strings swapped for `strings`. */
const withStrings = (strings: Part) => zipOf([...parts.filter((p) => p.name !== "xl/sharedStrings.xml"), strings]);

describe("a workbook's zip, checked before it is read", () => {
  it("lets a real workbook through, rebuilt by the same zip writer the bombs use", async () => {
    const plain = zipOf(parts);
    expect(await checkWorkbookZip(plain)).toBeNull();
    expect(await stageWorkbook(plain)).toMatchObject({ ok: true, sheets: [{ name: "Clientes", rows: 1 }] });
  });

  it("refuses shared strings that declare more than the limit, before inflating anything", async () => {
    const mib = WORKBOOK_LIMITS.sharedStrings / (1024 * 1024) + 1;
    const bytes = withStrings(bomb("xl/sharedStrings.xml", mib));
    expect(bytes.length).toBeLessThan(200 * 1024);
    expect(await stageWorkbook(bytes)).toEqual({ ok: false, reason: WORKBOOK_ERRORS.tooBig });
  });

  it("refuses shared strings that declare a few bytes and inflate to more (the sizes are the sender's word)", async () => {
    const mib = WORKBOOK_LIMITS.sharedStrings / (1024 * 1024) + 1;
    const lying = zipOf(
      [...parts.filter((p) => p.name !== "xl/sharedStrings.xml"), bomb("xl/sharedStrings.xml", mib)],
      (p) => (p.name === "xl/sharedStrings.xml" ? 1000 : p.size),
    );
    expect(await stageWorkbook(lying)).toEqual({ ok: false, reason: WORKBOOK_ERRORS.tooBig });
    // A smaller lie, within every limit, is refused too: an entry may not inflate past what it declared.
    const small = zipOf(parts, (p) => (p.name === "xl/workbook.xml" ? 10 : p.size));
    expect(await checkWorkbookZip(small)).toBe(WORKBOOK_ERRORS.tooBig);
  });

  it("refuses sheets that add up past the total, and too many entries", async () => {
    const sheets = Array.from({ length: 3 }, (_, i) => bomb(`xl/worksheets/extra${i}.xml`, 400));
    expect(await checkWorkbookZip(zipOf([...parts, ...sheets]))).toBe(WORKBOOK_ERRORS.tooBig);
    const many = Array.from({ length: WORKBOOK_LIMITS.entries }, (_, i) => part(`x/${i}.xml`, Buffer.from("x")));
    expect(await checkWorkbookZip(zipOf([...parts, ...many]))).toBe(WORKBOOK_ERRORS.tooBig);
  });

  it("refuses a stored workbook that fails the check with the same Spanish reason, before exceljs reads it", async () => {
    const key = "databases/bombbombbombbombbombbomb.xlsx";
    await files.put(key, withStrings(bomb("xl/sharedStrings.xml", 100)));
    await expect(workbookSheets(key)).rejects.toThrow(WORKBOOK_ERRORS.tooBig);
  });

  it("refuses bytes that are no zip", async () => {
    expect(await checkWorkbookZip(Buffer.from("PK\u0003\u0004 no es un zip"))).toBe(WORKBOOK_ERRORS.notZip);
    expect(await checkWorkbookZip(Buffer.alloc(0))).toBe(WORKBOOK_ERRORS.notZip);
  });
});
