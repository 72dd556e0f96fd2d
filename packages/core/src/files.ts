import { formatNumber } from "./format";

// Files in the app's store: how they are addressed and which uploads are accepted (seed 000 sections 5 and 9).

/** Upload size limit (the spec's maximum crop size). */
export const MAX_UPLOAD_BYTES = 20_000_000;
/**
 * Largest picture accepted, in pixels (a 50-megapixel phone photo): a few compressed megabytes can declare
 * 30000 x 30000, which decoded for a thumbnail would take gigabytes.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * What an upload is for: the server checks the uploader may change the record the file will attach to (the rules
 * are in apps/server/src/files/purposes.ts; a new purpose adds its name here and its rule there).
 */
export const UPLOAD_PURPOSES = [
  "profile_picture",
  "chat_picture",
  "budget_picture",
  "company_logo",
  "order_picture",
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export function isUploadPurpose(value: string | null): value is UploadPurpose {
  return (UPLOAD_PURPOSES as readonly (string | null)[]).includes(value);
}

/**
 * Resumable uploads (the reception's pictures and videos, apps/server/src/files/uploads.ts): POST creates one, PATCH
 * sends a chunk at the offset the server holds, GET answers that offset (and the file once complete).
 */
export const RESUMABLE_UPLOAD_PATH = "/files/uploads";
/** The chunk the web app sends: at most this much is sent again after a dropped connection. */
export const UPLOAD_CHUNK_BYTES = 1_048_576;
/** The largest chunk the server takes in one request. */
export const MAX_UPLOAD_CHUNK_BYTES = 4 * UPLOAD_CHUNK_BYTES;

/** A profile picture's original must be at least this wide and tall. */
export const MIN_PICTURE_PX = 100;

/** Image types the store accepts: png, jpeg/jpg, webp and ico (browsers name ico either way). */
export const IMAGE_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/x-icon",
  "image/vnd.microsoft.icon",
] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** A file input's `accept` for pictures: the types above and their extensions (some systems name no type for .ico). */
export const PICTURE_ACCEPT = ".png,.jpg,.jpeg,.webp,.ico," + IMAGE_TYPES.join(",");

export function isImageType(type: string): type is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(type.toLowerCase());
}

/** Video types the store accepts for the purposes in VIDEO_PURPOSES (a tablet's camera: mp4, QuickTime, WebM). */
export const VIDEO_TYPES = ["video/mp4", "video/quicktime", "video/webm"] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

export function isVideoType(type: string): type is VideoType {
  return (VIDEO_TYPES as readonly string[]).includes(type.toLowerCase());
}

/** The purposes whose record keeps videos beside pictures: a vehicle received ('Recepción'). */
export const VIDEO_PURPOSES: readonly UploadPurpose[] = ["order_picture"];

/** The reception's message for a chosen file it cannot take (neither a picture nor a video, or too big), or null. */
export function mediaFileProblem(file: { type: string; name: string; size: number }): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return `El archivo supera el máximo de ${formatNumber(MAX_UPLOAD_BYTES)} bytes`;
  return isVideoType(file.type) ? null : pictureFileProblem(file);
}

// 144 random bits, base64url: the id is the capability to read the file (see apps/server/src/files).
const FILE_ID_RE = /^[A-Za-z0-9_-]{24}$/;
const FILE_URL_PREFIX = "/files/";

export function isFileId(id: string): boolean {
  return FILE_ID_RE.test(id);
}

/** The app's URL of a stored file, whatever store holds its bytes. */
export function fileUrl(id: string): string {
  return FILE_URL_PREFIX + id;
}

/** The file id in one of our own file URLs, or null for anything else. */
export function fileIdFromUrl(url: string): string | null {
  if (!url.startsWith(FILE_URL_PREFIX)) return null;
  const id = url.slice(FILE_URL_PREFIX.length);
  return isFileId(id) ? id : null;
}

export const PICTURE_ERRORS = {
  format: "Formato no aceptado",
  tooSmall: "La foto debe de tener al menos 100px * 100px",
  load: "Error al cargar la imagen",
  tooHeavy: "El tamaño del recorte es muy pesado",
  upload: "Error al subir la imagen",
  url: "Error al obtener la URL de la imagen",
  update: "Error al actualizar la imagen de perfil",
} as const;

/** The spec's message for a chosen picture file that cannot be used, or null. */
export function pictureFileProblem(file: { type: string; name: string }): string | null {
  // Some systems report no MIME type for .ico files; the extension decides then.
  if (isImageType(file.type)) return null;
  if (file.type === "" && /\.(?:png|jpe?g|webp|ico)$/i.test(file.name)) return null;
  return PICTURE_ERRORS.format;
}

export function pictureSizeProblem(width: number, height: number): string | null {
  return width < MIN_PICTURE_PX || height < MIN_PICTURE_PX ? PICTURE_ERRORS.tooSmall : null;
}

export function cropBytesProblem(bytes: number): string | null {
  return bytes > MAX_UPLOAD_BYTES ? PICTURE_ERRORS.tooHeavy : null;
}
