import type { ImageType, VideoType } from "@taller/core";

/**
 * The image type the first bytes prove, or null. The declared Content-Type is the client's claim; the bytes decide,
 * so nothing but an image of an accepted type is ever stored and served back.
 */
export function sniffImageType(
  bytes: Uint8Array,
): Extract<ImageType, "image/png" | "image/jpeg" | "image/webp" | "image/x-icon"> | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  if (starts([0x00, 0x00, 0x01, 0x00]) && bytes.length > 6) return "image/x-icon";
  return null;
}

/**
 * The video type the first bytes prove, or null: an ISO media file ('ftyp' box; brand 'qt  ' is QuickTime, any
 * other MP4) or Matroska/WebM (EBML header). Only purposes that keep videos ask (VIDEO_PURPOSES).
 */
export function sniffVideoType(bytes: Uint8Array): VideoType | null {
  const text = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && text(4, 8) === "ftyp") return text(8, 12) === "qt  " ? "video/quicktime" : "video/mp4";
  if ([0x1a, 0x45, 0xdf, 0xa3].every((b, i) => bytes[i] === b)) return "video/webm";
  return null;
}
