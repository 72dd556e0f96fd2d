// The demo's photos (db/src/seed/pictures.ts): the seed names them, this draws them as JPEGs and stores their bytes.
import { markDemoPictureStored, pendingDemoPictures } from "@taller/db/seed";
import type { Db } from "@taller/db";
import type { FileStore } from "./store";
import { loadSharp } from "./thumbnail";

const WIDTH = 800;
const HEIGHT = 600;

/** A plain photo stand-in: the label on a coloured card with a car's outline, about 20 KB. */
export async function drawDemoPicture(label: string, color: string): Promise<Buffer> {
  const text = label.replace(/\.jpg$/, "").replace(/[<>&"']/g, "");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="100%" height="100%" fill="${color}"/>
    <path d="M160 400 L220 290 L560 290 L640 400 Z" fill="none" stroke="#fff" stroke-width="12" stroke-linejoin="round"/>
    <circle cx="260" cy="410" r="45" fill="#fff"/><circle cx="540" cy="410" r="45" fill="#fff"/>
    <text x="50%" y="160" font-family="sans-serif" font-size="64" fill="#fff" text-anchor="middle">${text}</text>
  </svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

/**
 * Stores the bytes of every demo photo the store lacks (a fresh demo database): a few JPEGs drawn once each and
 * shared by the companies' rows. Returns how many files it wrote.
 */
export async function storeDemoPictures(db: Db, store: FileStore): Promise<number> {
  const pending = await pendingDemoPictures(db);
  const drawn = new Map<string, Buffer>();
  for (const file of pending) {
    let bytes = drawn.get(file.name);
    if (!bytes) {
      bytes = await drawDemoPicture(file.name, file.color);
      drawn.set(file.name, bytes);
    }
    await store.put(file.id, bytes);
    await markDemoPictureStored(db, file.id, bytes.length);
  }
  return pending.length;
}
