// The picture zip of an order or a budget (seed 000 sections 2.10, 3 and 9): its file name and its entries.
import { fileIdFromUrl } from "./files";
import type { TermWords } from "./terms";

export const ZIP_MODELS = ["order", "budget"] as const;
export type ZipModel = (typeof ZIP_MODELS)[number];

/** A document's picture as stored (orders.pictures, budgets.pictures). */
export interface StoredPicture {
  url: string;
  name?: string | null;
  video?: boolean | null;
}

export const ZIP_TEXTS = {
  creating: "Creando archivo zip",
  created: "Zip creado correctamente",
  noImages: "Error al crear el zip: No se encontraron imagenes válidas",
} as const;

/**
 * '{company} - Orden de Trabajo {n}.zip' / '{company} - Presupuesto {n}.zip': an order's archive is named with the
 * company's word for it ('Taller - Reparación 12.zip').
 */
export function zipFileName(model: ZipModel, company: string, correlativeId: number, order: TermWords): string {
  return `${safeName(company)} - ${model === "order" ? order.one : "Presupuesto"} ${correlativeId}.zip`;
}

/** One file of the archive: where its bytes are and its name inside the zip. */
export interface ZipEntry {
  url: string;
  name: string;
}

/**
 * The archive's entries: videos skipped, each picture '{name or id}.jpg', equal names told apart with ' (2)', ' (3)'
 * (a second 'Foto.jpg' would otherwise overwrite the first inside the zip). Only the app's own file URLs are kept:
 * the page fetches each one, and a stored URL must not make a visitor's browser call anywhere else.
 */
export function zipEntries(pictures: readonly StoredPicture[]): ZipEntry[] {
  const used = new Set<string>();
  const entries: ZipEntry[] = [];
  for (const picture of pictures) {
    if (picture.video) continue;
    const id = fileIdFromUrl(picture.url);
    if (!id) continue;
    const base = safeName(picture.name?.trim().replace(/\.jpe?g$/i, "") || id);
    let name = `${base}.jpg`;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${n}).jpg`;
    used.add(name.toLowerCase());
    entries.push({ url: picture.url, name });
  }
  return entries;
}

/** A name usable as one path segment in any unzip tool: no folders, no control or reserved characters. */
function safeName(name: string): string {
  const cleaned = [...name]
    .map((c) => (c < " " || c === "\u007f" || '/\\:*?"<>|'.includes(c) ? "-" : c))
    .join("")
    .replace(/^\.+/, "")
    .trim()
    .slice(0, 150);
  return cleaned || "archivo";
}
