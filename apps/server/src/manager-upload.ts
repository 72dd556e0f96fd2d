import type { IncomingMessage, ServerResponse } from "node:http";
import { CLIENT_HEADER, formatNumber, MAX_DATABASE_WORKBOOK_BYTES, XLSX_TYPE } from "@taller/core";
import type { Db } from "@taller/db";
import { authenticateManager, stageWorkbook } from "@taller/manager";
import { RateLimiter } from "@taller/trpc";
import { declaredTooLarge, readBody } from "./body";
import { mediaType } from "./headers";
import { replyJson } from "./reply";

/** A zip's first bytes (an .xlsx is a zip): anything else is refused before exceljs sees it. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * POST /files/databases: an operator's workbook for 'Crear nueva base de datos' or 'ACTUALIZAR'. Needs an operator
 * session (staff sessions are refused), the app's header (no cross-site form can send it), an .xlsx body under
 * MAX_DATABASE_WORKBOOK_BYTES, and a few uploads a minute. Answers the upload key and each sheet's header row.
 */
export function createManagerUploadRoute({ db }: { db: Db }) {
  const uploads = new RateLimiter(20, 60_000);
  return async function upload(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== "POST") {
      res.setHeader("allow", "POST");
      return replyJson(res, 405, { error: "Método no permitido" });
    }
    if (!req.headers[CLIENT_HEADER]) return replyJson(res, 403, { error: "Solicitud rechazada" });
    const session = await authenticateManager(db, req.headers.cookie);
    if (!session) return replyJson(res, 401, { error: "Debes iniciar sesión" });
    if (mediaType(req.headers["content-type"]) !== XLSX_TYPE)
      return replyJson(res, 400, { error: "Sube un archivo Excel (.xlsx)" });
    if (declaredTooLarge(req, MAX_DATABASE_WORKBOOK_BYTES)) return tooLarge(res);
    const waitMs = uploads.hit(`manager:${session.managerUserId}`);
    if (waitMs > 0)
      return replyJson(res, 429, {
        error: `Demasiadas subidas. Intenta nuevamente en ${Math.ceil(waitMs / 1000)} segundos.`,
      });
    const bytes = await readBody(req, MAX_DATABASE_WORKBOOK_BYTES);
    if (!bytes) return tooLarge(res);
    if (!ZIP_MAGIC.every((b, i) => bytes[i] === b))
      return replyJson(res, 400, { error: "Sube un archivo Excel (.xlsx)" });
    const staged = await stageWorkbook(bytes);
    if (!staged.ok) return replyJson(res, 400, { error: staged.reason });
    return replyJson(res, 201, { upload: staged.upload, sheets: staged.sheets });
  };
}

function tooLarge(res: ServerResponse) {
  res.setHeader("connection", "close");
  replyJson(res, 413, { error: `El archivo supera el máximo de ${formatNumber(MAX_DATABASE_WORKBOOK_BYTES)} bytes` });
}
