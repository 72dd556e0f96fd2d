import type { IncomingMessage, ServerResponse } from "node:http";
import { authenticate } from "@taller/auth";
import { budgetPdf, loadBudget } from "@taller/budgets";
import { BUDGET_TEXTS, pdfFileName } from "@taller/core";
import type { Db } from "@taller/db";
import { RateLimiter } from "@taller/trpc";
import { isSecure } from "./proxy";
import { replyJson } from "./reply";

/** The path of a budget's PDF: GET /budgets/{id}/pdf. */
export const BUDGET_PDF_PATH = /^\/budgets\/([1-9]\d{0,9})\/pdf$/;

/**
 * GET /budgets/{id}/pdf: the budget PDF, inline, named 'Presupuesto_{correlative}.pdf', for a staff session that may
 * read budgets, of the session's company only (another company's id is a 404, as if it did not exist). A link the
 * browser opens in a tab, so a cookie is what authorises it; GET changes nothing, so no CSRF header is needed.
 * Drawing a PDF costs CPU: 30 per user per minute.
 */
export function createBudgetPdfRoute({ db, trustProxy }: { db: Db; trustProxy: number }) {
  const limiter = new RateLimiter(30, 60_000);
  return async function budgetPdfRoute(req: IncomingMessage, res: ServerResponse, id: number) {
    if (req.method !== "GET" && req.method !== "HEAD") return replyJson(res, 405, { error: "Método no permitido" });
    const auth = await authenticate(db, req.headers.cookie, { secure: isSecure(req, trustProxy), setCookie: (c) => res.appendHeader("set-cookie", c) });
    if (!auth || auth.session.kind !== "staff") return replyJson(res, 401, { error: "Debes iniciar sesión" });
    if (!auth.user.grants.some((g) => g.action === "read" && g.resource === "budget")) {
      return replyJson(res, 403, { error: "No tienes acceso a esta información." });
    }
    const waitMs = limiter.hit(`user:${auth.user.id}`);
    if (waitMs > 0) return replyJson(res, 429, { error: `Demasiadas solicitudes. Intenta nuevamente en ${Math.ceil(waitMs / 1000)} segundos.` });
    const budget = id <= 2_147_483_647 ? await loadBudget(db, auth.user.companyId, id) : null;
    if (!budget) return replyJson(res, 404, { error: BUDGET_TEXTS.notFound });
    const pdf = await budgetPdf(budget);
    res.writeHead(200, {
      "content-type": "application/pdf",
      "content-length": pdf.length,
      "content-disposition": `inline; filename="${pdfFileName(budget.correlative_id)}"`,
      "cache-control": "private, no-store",
    });
    res.end(req.method === "HEAD" ? undefined : pdf);
  };
}
