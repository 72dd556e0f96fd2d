// Order and budget pictures for the demo (the zip page, the order dialog, chat headers). The seed writes the `files`
// rows and the orders' pictures; the bytes are the file store's, which this package does not know: the server writes
// them at start for every demo picture whose bytes are missing (apps/server/src/files/demo-pictures.ts), so they exist
// however the database was seeded (`pnpm start`, e2e, db:seed).
import { randomBytes } from "node:crypto";
import { present } from "@taller/core";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { budgets, files } from "../schema";
import { createRandom } from "./random";

/** The demo's photos, by file name: the server draws each as a JPEG with its label and colour. */
export const DEMO_PICTURES = [
  { name: "Frontal.jpg", color: "#2f6db5" },
  { name: "Lateral izquierdo.jpg", color: "#3a8f5b" },
  { name: "Lateral derecho.jpg", color: "#b5632f" },
  { name: "Trasera.jpg", color: "#8f3a7a" },
  { name: "Tablero.jpg", color: "#5b5b5b" },
  { name: "Motor.jpg", color: "#a08a1e" },
] as const;

/** A placeholder size until the server writes the bytes (the column must be positive). */
const PENDING_SIZE = 1;

export interface PicturesFixture {
  /** An order with 200 pictures (and some videos): the zip page's progress on a large archive. */
  manyPicturesOrderId: number;
  /** An order whose only entries are a video and a picture that is not in the store: the zip page's error. */
  noImagesOrderId: number;
}

type Picture = { url: string; name?: string; video?: boolean };

const newFileId = () => randomBytes(18).toString("base64url");
const fileUrl = (id: string) => `/files/${id}`;

/**
 * `orderIds` in correlative order: the last 40 get 1 to 6 of the company's demo photos (every fifth one a video
 * too), the last one 200 entries, the 41st from the end a video and a missing picture only. The first three
 * `budgetIds` get three photos and a video each.
 */
export async function seedDemoPictures(
  db: Db,
  companyId: number,
  orderIds: number[],
  budgetIds: number[],
  seed: number,
): Promise<PicturesFixture> {
  const random = createRandom(seed);
  const photos = DEMO_PICTURES.map((p) => ({ id: newFileId(), name: p.name }));
  await db.insert(files).values(
    photos.map((p) => ({
      id: p.id,
      companyId,
      userId: null,
      contentType: "image/jpeg",
      size: PENDING_SIZE,
      name: p.name,
    })),
  );
  // A video's URL: the store keeps images only, so it names no file (the dialog links it, the zip skips it).
  const video = (n: number): Picture => ({ url: fileUrl(newFileId()), name: `Video recepción ${n}`, video: true });
  const photo = (i: number, name?: string): Picture => {
    const p = present(photos[i % photos.length], "demo photo");
    return { url: fileUrl(p.id), name: name ?? p.name.replace(/\.jpg$/, "") };
  };

  const many = orderIds.at(-1);
  const none = orderIds.at(-41);
  if (many === undefined || none === undefined) throw new Error("seedOrderPictures needs at least 41 orders");
  const byOrder = new Map<number, Picture[]>();
  for (const [index, orderId] of orderIds.slice(-40, -1).entries()) {
    const count = random.int(1, photos.length);
    const pictures = Array.from({ length: count }, (_, i) => photo(i));
    if (index % 5 === 0) pictures.push(video(1));
    byOrder.set(orderId, pictures);
  }
  byOrder.set(
    many,
    Array.from({ length: 200 }, (_, i) => (i % 25 === 24 ? video(i + 1) : photo(i, `Foto ${i + 1}`))),
  );
  byOrder.set(none, [video(1), { url: fileUrl(newFileId()), name: "Foto perdida" }]);

  // One statement: jsonb per order from a VALUES list.
  const rows = [...byOrder].map(([id, pictures]) => sql`(${id}::int, ${JSON.stringify(pictures)}::jsonb)`);
  await db.execute(sql`
    UPDATE orders o SET pictures = v.pictures
    FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, pictures)
    WHERE o.company_id = ${companyId} AND o.id = v.id`);
  for (const budgetId of budgetIds.slice(0, 3)) {
    await db
      .update(budgets)
      .set({ pictures: [photo(0), photo(4), photo(5), video(1)] })
      .where(sql`${budgets.companyId} = ${companyId} AND ${budgets.id} = ${budgetId}`);
  }
  return { manyPicturesOrderId: many, noImagesOrderId: none };
}

/** The demo photos whose bytes the store may still lack: the server draws and stores them (see the file header). */
export async function pendingDemoPictures(db: Db): Promise<{ id: string; name: string; color: string }[]> {
  const rows = await db
    .select({ id: files.id, name: files.name })
    .from(files)
    .where(
      sql`${files.userId} IS NULL AND ${files.size} = ${PENDING_SIZE} AND ${inArray(
        files.name,
        DEMO_PICTURES.map((p) => p.name),
      )}`,
    );
  return rows.map((r) => ({
    ...r,
    color: present(
      DEMO_PICTURES.find((p) => p.name === r.name),
      "demo photo",
    ).color,
  }));
}

/** After the bytes are stored: the real size, so downloads answer it as their length. */
export async function markDemoPictureStored(db: Db, id: string, size: number): Promise<void> {
  await db
    .update(files)
    .set({ size })
    .where(sql`${files.id} = ${id}`);
}
