// The 256 px thumbnails of chat pictures (seed 002 section 9: 'thumb@256_' prefix), made with sharp (libvips). A
// thumbnail is never the original: a picture without one (an icon, an upload for another purpose, one sharp could
// not shrink) gets the placeholder, so a huge original is never sent where a small picture was asked for.
import { MAX_IMAGE_PIXELS } from "@taller/core";

export const THUMBNAIL_PX = 256;
export const THUMBNAIL_TYPE = "image/webp";

/** Icons are not read by sharp; their format holds at most 256 x 256 per image. */
const isIcon = (type: string) => type.includes("icon");

/** sharp (libvips and its native memory) loads with the first picture, not at start. */
export const loadSharp = async () => (await import("sharp")).default;

/**
 * The picture's size in pixels from its header (nothing is decoded), 0 for an icon, null when sharp cannot read it.
 */
export async function imagePixels(bytes: Uint8Array, type: string): Promise<number | null> {
  if (isIcon(type)) return 0;
  const sharp = await loadSharp();
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  return meta?.width && meta.height ? meta.width * meta.height : null;
}

/**
 * A webp that fits in 256 x 256 (never enlarged), rotated as the photo's EXIF says; null for icons (sharp cannot read
 * them). sharp refuses to decode past MAX_IMAGE_PIXELS, whatever the upload checked.
 */
export async function makeThumbnail(bytes: Uint8Array, type: string): Promise<Buffer | null> {
  if (isIcon(type)) return null;
  const sharp = await loadSharp();
  return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

let placeholder: Promise<Buffer> | null = null;

/** The thumbnail of a picture that has none: a plain grey square, made once. */
export function placeholderThumbnail(): Promise<Buffer> {
  placeholder ??= loadSharp().then((sharp) =>
    sharp({ create: { width: THUMBNAIL_PX, height: THUMBNAIL_PX, channels: 3, background: "#d9dde3" } })
      .webp({ quality: 80 })
      .toBuffer(),
  );
  return placeholder;
}
