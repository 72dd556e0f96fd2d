import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { authenticate } from "@taller/auth";
import {
  CLIENT_HEADER,
  fileUrl,
  THUMBNAIL_PREFIX,
  formatNumber,
  isFileId,
  isImageType,
  isUploadPurpose,
  isVideoType,
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_BYTES,
  VIDEO_PURPOSES,
} from "@taller/core";
import { companies, files, type Db } from "@taller/db";
import { RateLimiter } from "@taller/trpc";
import { eq, sql } from "drizzle-orm";
import { declaredTooLarge, readBody } from "../body";
import { replyFailure } from "../link-page";
import { replyJson } from "../reply";
import { mediaType } from "../headers";
import { isSecure } from "../proxy";
import { UPLOAD_RULES } from "./purposes";
import { sniffImageType, sniffVideoType } from "./sniff";
import type { FileStore } from "./store";
import { imagePixels, makeThumbnail, placeholderThumbnail, THUMBNAIL_TYPE } from "./thumbnail";

export interface FileRoutesDeps {
  db: Db;
  store: FileStore;
  trustProxy: number;
  /** Bytes a company may keep in the store (the sum of its files' sizes). */
  quotaBytes?: number;
}

/** Default storage per company: plenty for pictures, a bound on what one tenant can make the store hold. */
export const COMPANY_QUOTA_BYTES = 1_000_000_000;

/**
 * POST /files?purpose=<purpose> stores an image (or, for a purpose in VIDEO_PURPOSES, a video) for the logged-in staff
 * member's company; GET /files/<id> serves it.
 *
 * Reading needs no session: the id (144 random bits) is the capability, like a cloud store's unguessable object
 * URL, so a picture shows wherever the app puts an <img> of it (the shell, chat, public pages of the same company)
 * and nothing is listable. Uploads need a staff session cookie, the app's header (which no cross-site form can send;
 * a cross-site fetch would need a CORS preflight), a purpose the user may upload for, an image body recognised by
 * its bytes, room in the company's quota and the user's upload rate.
 */
export function createFileRoutes({ db, store, trustProxy, quotaBytes = COMPANY_QUOTA_BYTES }: FileRoutesDeps) {
  const uploads = new RateLimiter(60, 60_000);

  async function upload(req: IncomingMessage, res: ServerResponse) {
    if (!req.headers[CLIENT_HEADER]) return replyJson(res, 403, { error: "Solicitud rechazada" });
    const auth = await authenticate(db, req.headers.cookie, {
      secure: isSecure(req, trustProxy),
      setCookie: (cookie) => res.appendHeader("set-cookie", cookie),
    });
    if (!auth || auth.session.kind !== "staff") return replyJson(res, 401, { error: "Debes iniciar sesión" });
    const purpose = new URLSearchParams((req.url ?? "").split("?")[1] ?? "").get("purpose");
    if (!isUploadPurpose(purpose)) return replyJson(res, 400, { error: "Indica para qué es el archivo" });
    if (!UPLOAD_RULES[purpose](auth.user))
      return replyJson(res, 403, { error: "No tienes acceso a esta información." });
    const declared = mediaType(req.headers["content-type"]);
    const videos = VIDEO_PURPOSES.includes(purpose);
    if (!isImageType(declared) && !(videos && isVideoType(declared)))
      return replyJson(res, 400, { error: "Formato no aceptado" });
    if (declaredTooLarge(req, MAX_UPLOAD_BYTES)) return tooLarge(res);
    const waitMs = uploads.hit(`user:${auth.user.id}`);
    if (waitMs > 0) {
      return replyJson(res, 429, {
        error: `Demasiadas subidas. Intenta nuevamente en ${Math.ceil(waitMs / 1000)} segundos.`,
      });
    }
    const bytes = await readBody(req, MAX_UPLOAD_BYTES);
    if (!bytes) return tooLarge(res);
    if (bytes.length === 0) return replyJson(res, 400, { error: "El archivo está vacío" });
    const image = sniffImageType(bytes);
    const type = image ?? (videos ? sniffVideoType(bytes) : null);
    if (!type) return replyJson(res, 400, { error: "Formato no aceptado" });
    // The header says how big the picture is decoded; a few megabytes may claim gigapixels. (A video is stored and
    // served as it came: nothing here decodes it.)
    const pixels = image ? await imagePixels(bytes, image) : 0;
    if (pixels === null) return replyJson(res, 400, { error: "La imagen no se pudo leer" });
    if (pixels > MAX_IMAGE_PIXELS)
      return replyJson(res, 400, {
        error: `La imagen supera el máximo de ${formatNumber(MAX_IMAGE_PIXELS)} píxeles. Reduce su tamaño e intenta nuevamente.`,
      });

    const id = randomBytes(18).toString("base64url");
    const companyId = auth.user.companyId;
    const recorded = await db.transaction(async (tx) => {
      // The company row's lock serialises its uploads: two at once cannot both fit in the last free bytes.
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
      const [usage] = await tx
        .select({ used: sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number) })
        .from(files)
        .where(eq(files.companyId, companyId));
      if ((usage?.used ?? 0) + bytes.length > quotaBytes) return false;
      await tx.insert(files).values({
        id,
        companyId,
        userId: auth.user.id,
        contentType: type,
        size: bytes.length,
        name: fileName(req.headers["x-file-name"]),
      });
      return true;
    });
    if (!recorded) {
      return replyJson(res, 403, {
        error: `La empresa alcanzó su límite de almacenamiento (${formatNumber(quotaBytes)} bytes)`,
      });
    }
    // The row is counted before the bytes are written, so the quota holds; a failed write takes its row back.
    await store.put(id, bytes).catch(async (err: unknown) => {
      await db.delete(files).where(eq(files.id, id));
      throw err;
    });
    // A chat picture's thumbnail, beside it. One sharp could not make leaves the placeholder in its place.
    if (purpose === "chat_picture" && image) {
      const thumbnail = await makeThumbnail(bytes, image).catch(() => null);
      if (thumbnail) await store.put(`${THUMBNAIL_PREFIX}${id}`, thumbnail);
    }
    return replyJson(res, 201, { id, url: fileUrl(id) });
  }

  async function download(req: IncomingMessage, res: ServerResponse, key: string) {
    // `thumb@256_<id>`: the picture's thumbnail, or the placeholder when none was made; never the original.
    const wantsThumbnail = key.startsWith(THUMBNAIL_PREFIX);
    const id = wantsThumbnail ? key.slice(THUMBNAIL_PREFIX.length) : key;
    const [row] = isFileId(id)
      ? await db
          .select({ contentType: files.contentType, size: files.size })
          .from(files)
          .where(eq(files.id, id))
          .limit(1)
      : [];
    if (!row) return replyFailure(req, res, 404, "Archivo no encontrado");
    const etag = `"${key}"`;
    const headers = {
      etag,
      // Content never changes under an id.
      "cache-control": "private, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "same-origin",
    };
    // Answered before the store is asked: with object storage, opening the bytes is a request of its own.
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, headers);
      return void res.end();
    }
    if (wantsThumbnail) {
      const thumbnail = (await store.get(key)) ?? Readable.from([await placeholderThumbnail()]);
      return serve(req, res, headers, thumbnail, THUMBNAIL_TYPE, null);
    }
    const stream = await store.get(id);
    if (!stream) return replyFailure(req, res, 404, "Archivo no encontrado");
    return serve(req, res, headers, stream, row.contentType, row.size);
  }

  async function serve(
    req: IncomingMessage,
    res: ServerResponse,
    headers: Record<string, string>,
    stream: Readable,
    contentType: string,
    size: number | null,
  ) {
    res.writeHead(200, {
      ...headers,
      "content-type": contentType,
      ...(size === null ? {} : { "content-length": size }),
    });
    if (req.method === "HEAD") {
      stream.destroy();
      return void res.end();
    }
    await pipeline(stream, res);
  }

  return async function handleFiles(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (path === "/files") {
      if (req.method === "POST") return upload(req, res);
      res.setHeader("allow", "POST");
    } else {
      if (req.method === "GET" || req.method === "HEAD") return download(req, res, path.slice("/files/".length));
      res.setHeader("allow", "GET, HEAD");
    }
    replyJson(res, 405, { error: "Método no permitido" });
  };
}

function tooLarge(res: ServerResponse) {
  // The rest of the body is not read: close the connection instead of keeping it for the next request.
  res.setHeader("connection", "close");
  replyJson(res, 413, { error: `El archivo supera el máximo de ${formatNumber(MAX_UPLOAD_BYTES)} bytes` });
}

/** The original file name, for lists and downloads; never used as a path. */
function fileName(header: string | string[] | undefined): string {
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
