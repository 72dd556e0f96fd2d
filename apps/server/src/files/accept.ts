// What every upload goes through, whole (POST /files) or in chunks (files/uploads.ts): who may upload, and the checks
// and bookkeeping of the complete bytes before they become a file of the company's store.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { authenticate } from "@taller/auth";
import {
  CLIENT_HEADER,
  fileUrl,
  formatNumber,
  isImageType,
  isUploadPurpose,
  isVideoType,
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_BYTES,
  THUMBNAIL_PREFIX,
  VIDEO_PURPOSES,
  type UploadPurpose,
} from "@taller/core";
import { companies, files, type Db } from "@taller/db";
import { eq, sql } from "drizzle-orm";
import { replyJson } from "../reply";
import { isSecure } from "../proxy";
import { UPLOAD_RULES } from "./purposes";
import { sniffImageType, sniffVideoType } from "./sniff";
import type { FileStore } from "./store";
import { imagePixels, makeThumbnail } from "./thumbnail";

export interface AcceptDeps {
  db: Db;
  store: FileStore;
  trustProxy: number;
  /** Bytes a company may keep in the store (the sum of its files' sizes). */
  quotaBytes: number;
}

export type Uploader = { id: number; companyId: number };

/**
 * The staff member uploading, or null once the refusal is answered: the app's header (which no cross-site form can
 * send; a cross-site fetch would need a CORS preflight) and a staff session cookie.
 */
export async function uploader(
  deps: AcceptDeps,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<(Uploader & Parameters<(typeof UPLOAD_RULES)[UploadPurpose]>[0]) | null> {
  if (!req.headers[CLIENT_HEADER]) return (replyJson(res, 403, { error: "Solicitud rechazada" }), null);
  const auth = await authenticate(deps.db, req.headers.cookie, {
    secure: isSecure(req, deps.trustProxy),
    setCookie: (cookie) => res.appendHeader("set-cookie", cookie),
  });
  if (!auth || auth.session.kind !== "staff") return (replyJson(res, 401, { error: "Debes iniciar sesión" }), null);
  return auth.user;
}

/** The purpose of the query string if the user may upload for it; otherwise null, the refusal answered. */
export function allowedPurpose(
  req: IncomingMessage,
  res: ServerResponse,
  user: Parameters<(typeof UPLOAD_RULES)[UploadPurpose]>[0],
): UploadPurpose | null {
  const purpose = new URLSearchParams((req.url ?? "").split("?")[1] ?? "").get("purpose");
  if (!isUploadPurpose(purpose)) return (replyJson(res, 400, { error: "Indica para qué es el archivo" }), null);
  if (!UPLOAD_RULES[purpose](user))
    return (replyJson(res, 403, { error: "No tienes acceso a esta información." }), null);
  return purpose;
}

/** Whether the declared type may be uploaded for the purpose (an image; a video too for VIDEO_PURPOSES). */
export function acceptedType(purpose: UploadPurpose, declared: string): boolean {
  return isImageType(declared) || (VIDEO_PURPOSES.includes(purpose) && isVideoType(declared));
}

export function tooLarge(res: ServerResponse) {
  // The rest of the body is not read: close the connection instead of keeping it for the next request.
  res.setHeader("connection", "close");
  replyJson(res, 413, { error: `El archivo supera el máximo de ${formatNumber(MAX_UPLOAD_BYTES)} bytes` });
}

export function tooMany(res: ServerResponse, waitMs: number) {
  replyJson(res, 429, { error: `Demasiadas subidas. Intenta nuevamente en ${Math.ceil(waitMs / 1000)} segundos.` });
}

export type Accepted =
  { status: 201; body: { id: string; url: string } } | { status: 400 | 403; body: { error: string } };

/**
 * Stores complete bytes as a file of the uploader's company: an image recognised by its bytes within the pixel
 * limit (or, for a purpose in VIDEO_PURPOSES, a video recognised by its bytes), room in the company's quota.
 */
export async function acceptFile(
  deps: AcceptDeps,
  bytes: Buffer,
  upload: { user: Uploader; purpose: UploadPurpose; name: string },
): Promise<Accepted> {
  const refuse = (status: 400 | 403, error: string): Accepted => ({ status, body: { error } });
  if (bytes.length === 0) return refuse(400, "El archivo está vacío");
  const image = sniffImageType(bytes);
  const type = image ?? (VIDEO_PURPOSES.includes(upload.purpose) ? sniffVideoType(bytes) : null);
  if (!type) return refuse(400, "Formato no aceptado");
  // The header says how big the picture is decoded; a few megabytes may claim gigapixels. (A video is stored and
  // served as it came: nothing here decodes it.)
  const pixels = image ? await imagePixels(bytes, image) : 0;
  if (pixels === null) return refuse(400, "La imagen no se pudo leer");
  if (pixels > MAX_IMAGE_PIXELS)
    return refuse(
      400,
      `La imagen supera el máximo de ${formatNumber(MAX_IMAGE_PIXELS)} píxeles. Reduce su tamaño e intenta nuevamente.`,
    );

  const id = randomBytes(18).toString("base64url");
  const { db, store, quotaBytes } = deps;
  const companyId = upload.user.companyId;
  const recorded = await db.transaction(async (tx) => {
    // The company row's lock serialises its uploads: two at once cannot both fit in the last free bytes.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
    if ((await companyUsage(tx, companyId)) + bytes.length > quotaBytes) return false;
    await tx
      .insert(files)
      .values({ id, companyId, userId: upload.user.id, contentType: type, size: bytes.length, name: upload.name });
    return true;
  });
  if (!recorded) return refuse(403, quotaReached(quotaBytes));
  // The row is counted before the bytes are written, so the quota holds; a failed write takes its row back.
  await store.put(id, bytes).catch(async (err: unknown) => {
    await db.delete(files).where(eq(files.id, id));
    throw err;
  });
  // A chat picture's thumbnail, beside it. One sharp could not make leaves the placeholder in its place.
  if (upload.purpose === "chat_picture" && image) {
    const thumbnail = await makeThumbnail(bytes, image).catch(() => null);
    if (thumbnail) await store.put(`${THUMBNAIL_PREFIX}${id}`, thumbnail);
  }
  return { status: 201, body: { id, url: fileUrl(id) } };
}

export const quotaReached = (quotaBytes: number) =>
  `La empresa alcanzó su límite de almacenamiento (${formatNumber(quotaBytes)} bytes)`;

/** Bytes the company's files take in the store. */
export async function companyUsage(db: Db, companyId: number): Promise<number> {
  const [usage] = await db
    .select({ used: sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number) })
    .from(files)
    .where(eq(files.companyId, companyId));
  return usage?.used ?? 0;
}

/** The original file name, for lists and downloads; never used as a path. */
export function fileName(header: string | string[] | undefined): string {
  const raw = Array.isArray(header) ? header[0] : header;
  let name = "imagen";
  try {
    if (raw) name = decodeURIComponent(raw);
  } catch {
    // a malformed encoding keeps the default
  }
  const printable = [...name].filter((c) => c >= " " && c !== "\u007f").join("");
  return printable.trim().slice(0, 200) || "imagen";
}
