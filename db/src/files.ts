import { fileUrl, fileIdFromUrl, isImageType, isVideoType } from "@taller/core";
import { and, eq } from "drizzle-orm";
import type { Db } from "./client";
import { files } from "./schema";

/**
 * The canonical URL of a picture that `userId` uploaded to `companyId`'s store, or null when `url` is not one (another
 * user's upload, another company's, not a picture, not one of our URLs). A record only ever points at its editor's
 * own uploads: file ids are capabilities, and one seen elsewhere must not become this record's picture.
 */
export async function ownPictureUrl(
  db: Db,
  owner: { companyId: number; userId: number },
  url: string,
): Promise<string | null> {
  const file = await ownFile(db, owner, url);
  return file && isImageType(file.contentType) ? fileUrl(file.id) : null;
}

/** As ownPictureUrl, a video too (a vehicle's reception keeps both): its URL and whether it is a video, or null. */
export async function ownMediaUrl(
  db: Db,
  owner: { companyId: number; userId: number },
  url: string,
): Promise<{ url: string; video: boolean } | null> {
  const file = await ownFile(db, owner, url);
  if (!file) return null;
  if (isImageType(file.contentType)) return { url: fileUrl(file.id), video: false };
  return isVideoType(file.contentType) ? { url: fileUrl(file.id), video: true } : null;
}

async function ownFile(db: Db, owner: { companyId: number; userId: number }, url: string) {
  const id = fileIdFromUrl(url);
  if (!id) return null;
  const [file] = await db
    .select({ id: files.id, contentType: files.contentType })
    .from(files)
    .where(and(eq(files.id, id), eq(files.companyId, owner.companyId), eq(files.userId, owner.userId)))
    .limit(1);
  return file ?? null;
}
