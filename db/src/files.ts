import { fileUrl, fileIdFromUrl, isImageType } from "@taller/core";
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
  const id = fileIdFromUrl(url);
  if (!id) return null;
  const [file] = await db
    .select({ id: files.id, contentType: files.contentType })
    .from(files)
    .where(and(eq(files.id, id), eq(files.companyId, owner.companyId), eq(files.userId, owner.userId)))
    .limit(1);
  return file && isImageType(file.contentType) ? fileUrl(file.id) : null;
}
