import type { IncomingMessage, ServerResponse } from "node:http";
import { authenticate } from "@taller/auth";
import { budgetPdf, loadBudget } from "@taller/budgets";
import { BUDGET_TEXTS, isRestrictedToOwn, pdfFileName } from "@taller/core";
import { type Db, loadCompanyTerms } from "@taller/db";
import { findDocumentToken, RateLimiter } from "@taller/trpc";
import { clientIp, isSecure } from "./proxy";
import { replyLinkPage } from "./link-page";

/** The path of a budget's PDF: GET /budgets/{id}/pdf. */
export const BUDGET_PDF_PATH = /^\/budgets\/([1-9]\d{0,9})\/pdf$/;

/**
 * GET /budgets/{id}/pdf: the budget PDF, inline, named 'Presupuesto_{correlative}.pdf', for a staff session that may
 * read budgets, of the session's company only (another company's id is a 404, as if it did not exist). A link the
 * browser opens in a tab, so a cookie is what authorises it; GET changes nothing, so no CSRF header is needed.
 * Drawing a PDF costs CPU: 30 per user per minute. Every refusal is a Spanish page (link-page.ts), as the tab shows it.
 */
export function createBudgetPdfRoute({ db, trustProxy }: { db: Db; trustProxy: number }) {
  const limiter = new RateLimiter(30, 60_000);
  return async function budgetPdfRoute(req: IncomingMessage, res: ServerResponse, id: number) {
    if (req.method !== "GET" && req.method !== "HEAD") return replyLinkPage(res, 405, "Método no permitido");
    const auth = await authenticate(db, req.headers.cookie, {
      secure: isSecure(req, trustProxy),
      setCookie: (c) => res.appendHeader("set-cookie", c),
    });
    if (!auth || auth.session.kind !== "staff") return replyLinkPage(res, 401, "Debes iniciar sesión");
    if (!auth.user.grants.some((g) => g.action === "read" && g.resource === "budget")) {
      return replyLinkPage(res, 403, "No tienes acceso a esta información.");
    }
    const waitMs = limiter.hit(`user:${auth.user.id}`);
    if (waitMs > 0)
      return replyLinkPage(
        res,
        429,
        `Demasiadas solicitudes. Intenta nuevamente en ${Math.ceil(waitMs / 1000)} segundos.`,
      );
    const ownerId = isRestrictedToOwn(auth.user.grants, "read", "budget") ? auth.user.id : null;
    await sendBudgetPdf(req, res, db, auth.user.companyId, id, ownerId);
  };
}

async function sendBudgetPdf(
  req: IncomingMessage,
  res: ServerResponse,
  db: Db,
  companyId: number,
  id: number,
  ownerId: number | null,
) {
  const budget = id <= 2_147_483_647 ? await loadBudget(db, companyId, id, ownerId) : null;
  if (!budget) return replyLinkPage(res, 404, BUDGET_TEXTS.notFound);
  const pdf = await budgetPdf(budget, await loadCompanyTerms(db, companyId));
  res.writeHead(200, {
    "content-type": "application/pdf",
    "content-length": pdf.length,
    "content-disposition": `inline; filename="${pdfFileName(budget.correlative_id)}"`,
    "cache-control": "private, no-store",
  });
  res.end(req.method === "HEAD" ? undefined : pdf);
}

/**
 * GET /client/budget?token=: the budget's PDF for its client, the link the 'Presupuesto listo' WhatsApp message
 * carries (@taller/messaging registers its budget_token when the message is queued). The token opens that one budget
 * of that one company; anything else is one 404, a Spanish page. Anyone may try a link: 30 per address per minute.
 */
export function createClientBudgetPdfRoute({ db, trustProxy }: { db: Db; trustProxy: number }) {
  const limiter = new RateLimiter(30, 60_000);
  return async function clientBudgetPdfRoute(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== "GET" && req.method !== "HEAD") return replyLinkPage(res, 405, "Método no permitido");
    const waitMs = limiter.hit(`ip:${clientIp(req, trustProxy)}`);
    if (waitMs > 0)
      return replyLinkPage(
        res,
        429,
        `Demasiadas solicitudes. Intenta nuevamente en ${Math.ceil(waitMs / 1000)} segundos.`,
      );
    const token = new URL(req.url ?? "/", "http://local").searchParams.get("token") ?? "";
    // Tokens are 43 characters: anything else is refused before it is hashed or looked up.
    const doc = /^[\w-]{20,200}$/.test(token) ? await findDocumentToken(db, "budget_token", token) : null;
    if (!doc || doc.documentType !== "Budget") return replyLinkPage(res, 404, "Enlace inválido o expirado");
    await sendBudgetPdf(req, res, db, doc.companyId, doc.documentId, null);
  };
}
