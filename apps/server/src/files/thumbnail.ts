// The 256 px thumbnails of chat pictures (seed 002 section 9: 'thumb@256_' prefix), made with sharp (libvips).
import sharp from "sharp";

export const THUMBNAIL_PX = 256;
export const THUMBNAIL_TYPE = "image/webp";

/**
 * A webp that fits in 256 x 256 (never enlarged), rotated as the photo's EXIF says; null for icons (sharp cannot read
 * them).
 */
export async function makeThumbnail(bytes: Uint8Array, type: string): Promise<Buffer | null> {
  if (type.includes("icon")) return null;
  return sharp(bytes, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}
