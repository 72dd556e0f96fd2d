/**
 * The PDF links of documents: a staff one (`GET /{documents}/{id}/pdf`, the session's cookie and a read grant, the
 * session's company only) and a client's one (`GET /client/{document}?token=`, a registered link token of one kind,
 * no session). Budgets and electronic invoices share them; each says how its PDF is loaded. Every refusal is a
 * Spanish page (link-page.ts), as the tab shows it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { authenticate } from "@taller/auth";
import { isRestrictedToOwn, type Resource } from "@taller/core";
import type { Db } from "@taller/db";
import { findDocumentToken, RateLimiter, type TokenKind } from "@taller/trpc";
import { replyLinkPage } from "./link-page";
import { clientIp, isSecure } from "./proxy";

export interface DocumentPdf {
  pdf: Buffer;
  fileName: string;
}

/** The document's PDF, of this company (made by `ownerId` when not null), or null when there is none. */
export type LoadDocumentPdf = (
  db: Db,
  companyId: number,
  id: number,
  ownerId: number | null,
) => Promise<DocumentPdf | null>;

interface PdfRouteOptions {
  db: Db;
  trustProxy: number;
  load: LoadDocumentPdf;
  /** The 404 page's text. */
  notFound: string;
}

const tooMany = (res: ServerResponse, waitMs: number) =>
  replyLinkPage(res, 429, `Demasiadas solicitudes. Intenta nuevamente en ${Math.ceil(waitMs / 1000)} segundos.`);

async function sendPdf(
  req: IncomingMessage,
  res: ServerResponse,
  opts: PdfRouteOptions,
  companyId: number,
  id: number,
  ownerId: number | null,
) {
  const doc = id <= 2_147_483_647 ? await opts.load(opts.db, companyId, id, ownerId) : null;
  if (!doc) return replyLinkPage(res, 404, opts.notFound);
  res.writeHead(200, {
    "content-type": "application/pdf",
    "content-length": doc.pdf.length,
    "content-disposition": `inline; filename="${doc.fileName}"`,
    "cache-control": "private, no-store",
  });
  res.end(req.method === "HEAD" ? undefined : doc.pdf);
}

/**
 * GET /{documents}/{id}/pdf for a staff session that may read `resource`, of the session's company only (another
 * company's id is a 404, as if it did not exist); an own-records grant narrows to the user's. A link the browser
 * opens in a tab, so a cookie authorises it; GET changes nothing, so no CSRF header is needed. Drawing a PDF costs
 * CPU: 30 per user per minute.
 */
export function createStaffPdfRoute(opts: PdfRouteOptions & { resource: Resource }) {
  const limiter = new RateLimiter(30, 60_000);
  return async function staffPdfRoute(req: IncomingMessage, res: ServerResponse, id: number) {
    if (req.method !== "GET" && req.method !== "HEAD") return replyLinkPage(res, 405, "Método no permitido");
    const auth = await authenticate(opts.db, req.headers.cookie, {
      secure: isSecure(req, opts.trustProxy),
      setCookie: (c) => res.appendHeader("set-cookie", c),
    });
    if (!auth || auth.session.kind !== "staff") return replyLinkPage(res, 401, "Debes iniciar sesión");
    if (!auth.user.grants.some((g) => g.action === "read" && g.resource === opts.resource)) {
      return replyLinkPage(res, 403, "No tienes acceso a esta información.");
    }
    const waitMs = limiter.hit(`user:${auth.user.id}`);
    if (waitMs > 0) return tooMany(res, waitMs);
    const ownerId = isRestrictedToOwn(auth.user.grants, "read", opts.resource) ? auth.user.id : null;
    await sendPdf(req, res, opts, auth.user.companyId, id, ownerId);
  };
}

/**
 * GET /client/{document}?token=: a document's PDF for its client, without a session. The token opens the one
 * document of one company it was registered for, while it has not expired; anything else is one 404. Anyone may try
 * a link: 30 per address per minute.
 */
export function createClientPdfRoute(opts: PdfRouteOptions & { kind: TokenKind; documentType: string }) {
  const limiter = new RateLimiter(30, 60_000);
  return async function clientPdfRoute(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== "GET" && req.method !== "HEAD") return replyLinkPage(res, 405, "Método no permitido");
    const waitMs = limiter.hit(`ip:${clientIp(req, opts.trustProxy)}`);
    if (waitMs > 0) return tooMany(res, waitMs);
    const token = new URL(req.url ?? "/", "http://local").searchParams.get("token") ?? "";
    // Tokens are 43 characters: anything else is refused before it is hashed or looked up.
    const doc = /^[\w-]{20,200}$/.test(token) ? await findDocumentToken(opts.db, opts.kind, token) : null;
    if (!doc || doc.documentType !== opts.documentType) return replyLinkPage(res, 404, "Enlace inválido o expirado");
    await sendPdf(req, res, opts, doc.companyId, doc.documentId, null);
  };
}
