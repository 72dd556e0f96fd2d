/**
 * The zip page's archive, built in the browser as the spec's page does (seed 000 section 7: it downloads each picture
 * URL itself). Two steps, each holding a picture once:
 *
 * 1. Each entry is fetched one at a time and kept as a Blob (the browser's blob store, not the JS heap) when it is an
 *    image; anything else (a 404, a video, an HTML error page) is left out.
 * 2. jszip writes the archive as a stream (`generateInternalStream`, `streamFiles`, no compression: JPEGs do not
 *    shrink). Each file's bytes reach jszip only when the file before it starts being written, and each written
 *    chunk goes straight into a Blob part; a written file is removed from the archive object so its bytes can go.
 *
 * jszip yields between chunks, so a 200-picture order keeps the page responsive; `onProgress` reports both steps.
 */
import type { ZipEntry } from "@taller/core";
import JSZip from "jszip";

export interface ZipProgress {
  step: "download" | "write";
  done: number;
  total: number;
}

export class NoValidImagesError extends Error {
  constructor() {
    super("No se encontraron imagenes válidas");
  }
}

/** An image, or null when the URL does not answer one. */
export async function fetchImage(url: string, fetchFn: typeof fetch = fetch): Promise<Blob | null> {
  try {
    const res = await fetchFn(url, { credentials: "same-origin" });
    if (!res.ok || !(res.headers.get("content-type") ?? "").toLowerCase().startsWith("image/")) {
      await res.body?.cancel();
      return null;
    }
    const blob = await res.blob();
    return blob.size > 0 ? blob : null;
  } catch {
    return null;
  }
}

export async function buildZip(
  entries: readonly ZipEntry[],
  opts: { onProgress?: (p: ZipProgress) => void; fetchImage?: (url: string) => Promise<Blob | null> } = {},
): Promise<Blob> {
  const get = opts.fetchImage ?? fetchImage;
  const images: { name: string; blob: Blob | null }[] = [];
  for (const [i, entry] of entries.entries()) {
    const blob = await get(entry.url);
    if (blob) images.push({ name: entry.name, blob });
    opts.onProgress?.({ step: "download", done: i + 1, total: entries.length });
  }
  if (images.length === 0) throw new NoValidImagesError();

  const zip = new JSZip();
  // Deferred contents: jszip waits on each promise when it reaches that file (in the order files were added).
  const feeds = images.map((image) => {
    let resolve!: (bytes: ArrayBuffer) => void;
    let reject!: (error: unknown) => void;
    const bytes = new Promise<ArrayBuffer>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    zip.file(image.name, bytes, { binary: true });
    return () => {
      const blob = image.blob;
      image.blob = null;
      if (blob) blob.arrayBuffer().then(resolve, reject);
    };
  });
  let fed = 0;
  const feedNext = () => feeds[fed++]?.();
  feedNext();

  const parts: Blob[] = [];
  await new Promise<void>((ok, fail) => {
    let current: string | null = null;
    let written = 0;
    zip
      .generateInternalStream({ type: "uint8array", streamFiles: true, compression: "STORE" })
      .on("data", (chunk, meta) => {
        parts.push(new Blob([chunk as Uint8Array<ArrayBuffer>]));
        if (meta.currentFile && meta.currentFile !== current) {
          if (current !== null) {
            zip.remove(current);
            opts.onProgress?.({ step: "write", done: ++written, total: images.length });
          }
          current = meta.currentFile;
          feedNext();
        }
      })
      .on("error", fail)
      .on("end", () => {
        opts.onProgress?.({ step: "write", done: images.length, total: images.length });
        ok();
      })
      .resume();
  });
  return new Blob(parts, { type: "application/zip" });
}
