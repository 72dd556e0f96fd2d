import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { isFileId, MAX_UPLOAD_BYTES, RESUMABLE_UPLOAD_PATH, THUMBNAIL_PREFIX } from "@taller/core";
import { files, type Db } from "@taller/db";
import { RateLimiter } from "@taller/trpc";
import { eq } from "drizzle-orm";
import { declaredTooLarge, readBody } from "../body";
import { replyFailure } from "../link-page";
import { replyJson } from "../reply";
import { mediaType } from "../headers";
import { acceptedType, acceptFile, allowedPurpose, fileName, tooLarge, tooMany, uploader } from "./accept";
import type { FileStore } from "./store";
import { placeholderThumbnail, THUMBNAIL_TYPE } from "./thumbnail";
import { createResumableUploads } from "./uploads";

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
 * member's company; /files/uploads takes one in chunks, resumable after a dropped connection (uploads.ts);
 * GET /files/<id> serves it.
 *
 * Reading needs no session: the id (144 random bits) is the capability, like a cloud store's unguessable object
 * URL, so a picture shows wherever the app puts an <img> of it (the shell, chat, public pages of the same company)
 * and nothing is listable. Uploads need a staff session cookie, the app's header (which no cross-site form can send;
 * a cross-site fetch would need a CORS preflight), a purpose the user may upload for, an image body recognised by
 * its bytes, room in the company's quota and the user's upload rate.
 */
export function createFileRoutes({ db, store, trustProxy, quotaBytes = COMPANY_QUOTA_BYTES }: FileRoutesDeps) {
  const deps = { db, store, trustProxy, quotaBytes };
  const uploads = new RateLimiter(60, 60_000);
  const resumable = createResumableUploads(deps, uploads);

  async function upload(req: IncomingMessage, res: ServerResponse) {
    const user = await uploader(deps, req, res);
    const purpose = user && allowedPurpose(req, res, user);
    if (!user || !purpose) return;
    if (!acceptedType(purpose, mediaType(req.headers["content-type"])))
      return replyJson(res, 400, { error: "Formato no aceptado" });
    if (declaredTooLarge(req, MAX_UPLOAD_BYTES)) return tooLarge(res);
    const waitMs = uploads.hit(`user:${user.id}`);
    if (waitMs > 0) return tooMany(res, waitMs);
    const bytes = await readBody(req, MAX_UPLOAD_BYTES);
    if (!bytes) return tooLarge(res);
    const accepted = await acceptFile(deps, bytes, { user, purpose, name: fileName(req.headers["x-file-name"]) });
    return replyJson(res, accepted.status, accepted.body);
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
    if (path === RESUMABLE_UPLOAD_PATH || path.startsWith(`${RESUMABLE_UPLOAD_PATH}/`))
      return resumable(req, res, path);
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
