/**
 * What a workbook (an .xlsx is a zip) would become once inflated, checked before exceljs reads a byte of it: a 7 MB
 * file whose shared strings inflate to gigabytes would otherwise grow the server until it dies, and every company
 * with it. The central directory's declared sizes are read first (cheap); then each entry is inflated for real,
 * counting and discarding the output, and stopped as soon as it passes its declared size or the limit (the
 * declared sizes are the sender's word). Memory stays a chunk of zlib's output whatever the file.
 */
import { createInflateRaw } from "node:zlib";

/** Inflated sizes a workbook may reach: the shared strings are all held in memory while the rows are read. */
export const WORKBOOK_LIMITS = {
  entries: 10_000,
  sharedStrings: 64 * 1024 * 1024,
  entry: 512 * 1024 * 1024,
  total: 1024 * 1024 * 1024,
};

export const WORKBOOK_ERRORS = {
  notZip: "El archivo no es un Excel válido",
  tooBig: "El Excel es demasiado grande al descomprimirlo: divídelo en archivos más pequeños",
} as const;

interface Entry {
  name: string;
  method: number;
  compressed: number;
  declared: number;
  headerAt: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** ZIP64 marks a size or offset too big for 32 bits: never a workbook of the sizes accepted here. */
const ZIP64 = 0xffffffff;

/** The central directory's entries, or a reason. The end record is in the last 64 KiB + 22 bytes. */
function centralDirectory(zip: Buffer): Entry[] | string {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--)
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  if (end < 0) return WORKBOOK_ERRORS.notZip;
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || offset === ZIP64 || count > WORKBOOK_LIMITS.entries) return WORKBOOK_ERRORS.tooBig;
  if (offset + size > end) return WORKBOOK_ERRORS.notZip;
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) return WORKBOOK_ERRORS.notZip;
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: Entry = {
      method: zip.readUInt16LE(at + 10),
      compressed: zip.readUInt32LE(at + 20),
      declared: zip.readUInt32LE(at + 24),
      headerAt: zip.readUInt32LE(at + 42),
      name: zip.toString("utf8", at + 46, at + 46 + nameLength),
    };
    if (entry.compressed === ZIP64 || entry.declared === ZIP64 || entry.headerAt === ZIP64)
      return WORKBOOK_ERRORS.tooBig;
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** The most an entry may inflate to. */
const limitOf = (name: string) =>
  /^xl\/sharedStrings\.xml$/i.test(name) ? WORKBOOK_LIMITS.sharedStrings : WORKBOOK_LIMITS.entry;

/** Inflates `data`, counting and dropping the output: null when it stayed within `limit` bytes, else why not. */
function inflatedWithin(data: Buffer, limit: number): Promise<string | null> {
  return new Promise((resolve) => {
    const inflate = createInflateRaw();
    let total = 0;
    inflate.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        inflate.destroy();
        resolve(WORKBOOK_ERRORS.tooBig);
      }
    });
    inflate.on("end", () => resolve(null));
    inflate.on("error", () => resolve(WORKBOOK_ERRORS.notZip));
    inflate.end(data);
  });
}

/**
 * Null when every entry of the workbook inflates within its declared size and the limits, else why not (Spanish,
 * for the operator). Inflating runs on zlib's threads: the event loop only counts chunks.
 */
export async function checkWorkbookZip(zip: Buffer): Promise<string | null> {
  const entries = centralDirectory(zip);
  if (typeof entries === "string") return entries;
  let declaredTotal = 0;
  for (const e of entries) {
    declaredTotal += e.declared;
    if (e.declared > limitOf(e.name) || declaredTotal > WORKBOOK_LIMITS.total) return WORKBOOK_ERRORS.tooBig;
  }
  for (const e of entries) {
    if (e.headerAt + 30 > zip.length || zip.readUInt32LE(e.headerAt) !== LOCAL) return WORKBOOK_ERRORS.notZip;
    const start = e.headerAt + 30 + zip.readUInt16LE(e.headerAt + 26) + zip.readUInt16LE(e.headerAt + 28);
    if (start + e.compressed > zip.length) return WORKBOOK_ERRORS.notZip;
    // Stored entries are their own size; deflated ones are inflated; exceljs reads no other method.
    if (e.method === 0 ? e.compressed !== e.declared : e.method !== 8) return WORKBOOK_ERRORS.notZip;
    const refused = e.method === 8 ? await inflatedWithin(zip.subarray(start, start + e.compressed), e.declared) : null;
    if (refused) return refused;
  }
  return null;
}
