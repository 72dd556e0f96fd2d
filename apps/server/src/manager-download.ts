import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import { type Db, managerDatabases } from "@taller/db";
import { authenticateManager } from "@taller/manager";
import { RateLimiter } from "@taller/trpc";
import { eq } from "drizzle-orm";
import type { FileStore } from "./files/store";
import { replyFailure } from "./link-page";

/** GET /files/databases/{id} (see databaseDownloadPath). */
export const DATABASE_DOWNLOAD_PATH = /^\/files\/databases\/(\d{1,9})$/;

/**
 * 'Url DB' (seed 002 section 2.7): a database's sheet as the JSON the import reads, as a download. Operators only,
 * like the upload (staff sessions and anonymous callers are refused); a file is streamed, never held in memory, and
 * an operator gets a few a minute.
 */
export function createManagerDownloadRoute({ db, store }: { db: Db; store: FileStore }) {
  const downloads = new RateLimiter(30, 60_000);
  return async function download(req: IncomingMessage, res: ServerResponse, id: number) {
    if (req.method !== "GET") {
      res.setHeader("allow", "GET");
      return replyFailure(req, res, 405, "Método no permitido");
    }
    const session = await authenticateManager(db, req.headers.cookie);
    if (!session) return replyFailure(req, res, 401, "Debes iniciar sesión");
    const waitMs = downloads.hit(`manager:${session.managerUserId}`);
    if (waitMs > 0)
      return replyFailure(
        req,
        res,
        429,
        `Demasiadas descargas. Intenta nuevamente en ${Math.ceil(waitMs / 1000)} segundos.`,
      );
    const [database] = await db
      .select({ fileKey: managerDatabases.fileKey })
      .from(managerDatabases)
      .where(eq(managerDatabases.id, id));
    if (!database) return replyFailure(req, res, 404, "Base de datos no encontrada");
    const stream = await store.get(database.fileKey);
    if (!stream) return replyFailure(req, res, 404, "El archivo ya no está disponible. Vuelve a subir el Excel.");
    res.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="base-de-datos-${id}.json"`,
      "cache-control": "no-store",
    });
    await pipeline(stream, res).catch((err: unknown) => {
      // The operator cancelled the download: nothing went wrong here.
      if ((err as { code?: string }).code !== "ERR_STREAM_PREMATURE_CLOSE") throw err;
    });
  };
}
