// Resumable uploads (the reception's pictures and videos): a phone's connection may drop in the middle of a 20 MB
// video, and only the chunk that was in flight is sent again.
//
//   POST  /files/uploads?purpose=<p>   Upload-Length, X-Upload-Type, X-File-Name   -> 201 { upload_id, offset: 0 }
//   GET   /files/uploads/<id>                                                      -> { offset, length, id?, url? }
//   PATCH /files/uploads/<id>          Upload-Offset: <the server's offset>, a chunk -> { offset } or, with the
//                                      last byte, 201 { id, url } (the file, checked as POST /files checks it)
//
// The shape follows tus (create, HEAD for the offset, PATCH at it) without its libraries: @tus/server keeps a
// partial upload in its own datastore (a local directory, or S3 multipart with 5 MB parts) and serialises requests
// with an in-process lock, while here the partial file must live in our FileStore (disk or S3, the same for every
// server process) and a request may reach any of several processes. So the chunks are objects of the store
// (`uploads/<id>/<start>`, its temporary area, never served) and the upload's row, locked per request, holds the
// offset; a file of at most 20 MB is put together from them once and goes through acceptFile like any upload.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_CHUNK_BYTES, formatNumber, isUploadPurpose } from "@taller/core";
import { fileUploads } from "@taller/db";
import { RateLimiter } from "@taller/trpc";
import { and, eq, sql } from "drizzle-orm";
import { declaredTooLarge, readBody } from "../body";
import { mediaType } from "../headers";
import { replyJson } from "../reply";
import {
  acceptedType,
  acceptFile,
  allowedPurpose,
  companyUsage,
  fileName,
  quotaReached,
  tooLarge,
  tooMany,
  uploader,
  type AcceptDeps,
} from "./accept";
import { UPLOAD_RULES } from "./purposes";
import { sniffImageType, sniffVideoType } from "./sniff";
import { uploadChunkKey, type FileStore } from "./store";

const UPLOAD_ID = /^[A-Za-z0-9_-]{24}$/;

type UploadRow = typeof fileUploads.$inferSelect;

/** The handler of /files/uploads and /files/uploads/<id>; `uploads` is POST /files's per-user limiter (shared). */
export function createResumableUploads(deps: AcceptDeps, uploads: RateLimiter) {
  const { db, store } = deps;
  // Ten chunks a second for a minute is far beyond a tablet's uplink and far below a flood.
  const chunks = new RateLimiter(600, 60_000);

  async function create(req: IncomingMessage, res: ServerResponse) {
    const user = await uploader(deps, req, res);
    const purpose = user && allowedPurpose(req, res, user);
    if (!user || !purpose) return;
    const type = mediaType(String(req.headers["x-upload-type"] ?? ""));
    if (!acceptedType(purpose, type)) return replyJson(res, 400, { error: "Formato no aceptado" });
    const length = Number(req.headers["upload-length"]);
    if (!Number.isSafeInteger(length) || length <= 0)
      return replyJson(res, 400, { error: "Indica el tamaño del archivo" });
    if (length > MAX_UPLOAD_BYTES) return tooLarge(res);
    const waitMs = uploads.hit(`user:${user.id}`);
    if (waitMs > 0) return tooMany(res, waitMs);
    // Checked again when the file is complete; here it spares sending 20 MB that cannot be kept.
    if ((await companyUsage(db, user.companyId)) + length > deps.quotaBytes)
      return replyJson(res, 403, { error: quotaReached(deps.quotaBytes) });
    const id = randomBytes(18).toString("base64url");
    await db.insert(fileUploads).values({
      id,
      companyId: user.companyId,
      userId: user.id,
      purpose,
      contentType: type,
      name: fileName(req.headers["x-file-name"]),
      length,
    });
    res.setHeader("location", `/files/uploads/${id}`);
    replyJson(res, 201, { upload_id: id, offset: 0 });
  }

  /** The caller's own upload (another user's or another company's id reads as unknown), else null and a 404. */
  async function ownUpload(req: IncomingMessage, res: ServerResponse, id: string) {
    const user = await uploader(deps, req, res);
    if (!user) return null;
    const [row] = UPLOAD_ID.test(id)
      ? await db
          .select()
          .from(fileUploads)
          .where(
            and(eq(fileUploads.id, id), eq(fileUploads.companyId, user.companyId), eq(fileUploads.userId, user.id)),
          )
      : [];
    // The purpose's permission is the user's now: a grant taken away stops an upload in progress.
    if (!row || !isUploadPurpose(row.purpose) || !UPLOAD_RULES[row.purpose](user)) {
      replyJson(res, 404, { error: "Subida no encontrada" });
      return null;
    }
    return { user, row, purpose: row.purpose };
  }

  async function status(req: IncomingMessage, res: ServerResponse, id: string) {
    const own = await ownUpload(req, res, id);
    if (!own) return;
    res.setHeader("cache-control", "no-store");
    replyJson(res, 200, answer(own.row));
  }

  async function append(req: IncomingMessage, res: ServerResponse, id: string) {
    const own = await ownUpload(req, res, id);
    if (!own) return;
    const { user, row, purpose } = own;
    const start = Number(req.headers["upload-offset"]);
    if (!Number.isSafeInteger(start) || start !== row.received || row.fileId) return conflict(res, row);
    if (declaredTooLarge(req, MAX_UPLOAD_CHUNK_BYTES)) return chunkTooLarge(res);
    const waitMs = chunks.hit(`user:${user.id}`);
    if (waitMs > 0) return tooMany(res, waitMs);
    // A connection that drops mid-chunk is what this route is for, not a failure to log: nothing of it is kept.
    const bytes = await readBody(req, MAX_UPLOAD_CHUNK_BYTES).catch(() => undefined);
    if (bytes === undefined) return void res.destroy();
    if (!bytes) return chunkTooLarge(res);
    if (start + bytes.length > row.length)
      return replyJson(res, 400, { error: "El archivo es más largo que lo anunciado", offset: row.received });
    // An empty chunk only at the end: it finishes an upload whose last answer was lost.
    if (bytes.length === 0 && start < row.length)
      return replyJson(res, 400, { error: "El trozo está vacío", offset: row.received });
    // The first bytes say what the file is: a body that is not the declared kind stops here, not 20 MB later.
    if (start === 0 && !(sniffImageType(bytes) ?? sniffVideoType(bytes)))
      return replyJson(res, 400, { error: "Formato no aceptado", offset: 0 });

    const outcome = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(fileUploads).where(eq(fileUploads.id, row.id)).for("update");
      // Another request of the same upload got here first.
      if (!locked || locked.received !== start || locked.fileId) return { kind: "conflict" as const, row: locked };
      let current = locked;
      if (bytes.length > 0) {
        await store.put(uploadChunkKey(row.id, start), bytes);
        const [moved] = await tx
          .update(fileUploads)
          .set({
            received: sql`${fileUploads.received} + ${bytes.length}`,
            chunkStarts: sql`array_append(${fileUploads.chunkStarts}, ${start})`,
            updatedAt: new Date(),
          })
          .where(eq(fileUploads.id, row.id))
          .returning();
        if (!moved) throw new Error("the locked upload row is gone");
        current = moved;
      }
      if (current.received < current.length) return { kind: "progress" as const, row: current };
      const whole = await assemble(store, current);
      const accepted = await acceptFile({ ...deps, db: tx }, whole, {
        user,
        purpose,
        name: current.name,
      });
      if (accepted.status === 201)
        await tx
          .update(fileUploads)
          .set({ fileId: accepted.body.id, updatedAt: new Date() })
          .where(eq(fileUploads.id, row.id));
      // A file the checks refuse cannot become acceptable by sending it again: the upload ends here.
      else await tx.delete(fileUploads).where(eq(fileUploads.id, row.id));
      return { kind: "finished" as const, row: current, accepted };
    });
    if (outcome.kind === "conflict") return conflict(res, outcome.row ?? row);
    if (outcome.kind === "progress") return replyJson(res, 200, { offset: outcome.row.received });
    await removeChunks(store, outcome.row);
    replyJson(res, outcome.accepted.status, outcome.accepted.body);
  }

  return async function handleUploads(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (path === "/files/uploads") {
      if (req.method === "POST") return create(req, res);
      res.setHeader("allow", "POST");
    } else {
      const id = path.slice("/files/uploads/".length);
      if (req.method === "GET") return status(req, res, id);
      if (req.method === "PATCH") return append(req, res, id);
      res.setHeader("allow", "GET, PATCH");
    }
    replyJson(res, 405, { error: "Método no permitido" });
  };
}

/** What GET answers: the offset to send from, and the file once the upload is complete. */
function answer(row: UploadRow) {
  return {
    offset: row.received,
    length: row.length,
    ...(row.fileId ? { id: row.fileId, url: `/files/${row.fileId}` } : {}),
  };
}

function conflict(res: ServerResponse, row: UploadRow) {
  // The body is not read: close the connection rather than drain a chunk that will not be kept.
  res.setHeader("connection", "close");
  replyJson(res, 409, { error: "La subida continúa desde otro punto", ...answer(row) });
}

function chunkTooLarge(res: ServerResponse) {
  res.setHeader("connection", "close");
  replyJson(res, 413, { error: `Cada trozo puede tener hasta ${formatNumber(MAX_UPLOAD_CHUNK_BYTES)} bytes` });
}

/** The whole file, from its chunks in order (at most MAX_UPLOAD_BYTES). */
async function assemble(store: FileStore, row: UploadRow): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (const start of [...row.chunkStarts].sort((a, b) => a - b)) {
    const stream = await store.get(uploadChunkKey(row.id, start));
    if (!stream) throw new Error(`upload ${row.id} lost its chunk at ${start}`);
    parts.push(await readAll(stream));
  }
  return Buffer.concat(parts);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

async function removeChunks(store: FileStore, row: Pick<UploadRow, "id" | "chunkStarts">) {
  for (const start of row.chunkStarts) await store.delete(uploadChunkKey(row.id, start));
}
