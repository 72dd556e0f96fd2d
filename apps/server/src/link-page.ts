/**
 * A link opened in a browser tab (a client's budget, a staff PDF, a picture, an operator's download) that fails:
 * a Spanish page in the app's look (the default 'Cielo' theme of apps/web/src/ui/themes.ts), never JSON or bare
 * text. Requests of the app itself (fetch, an <img>) that do not ask for HTML keep the JSON `{ error }` answer.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { replyJson } from "./reply";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's title (h1) for a status: what happened, in the user's words. */
const TITLES: Record<number, string> = {
  400: "Enlace inválido",
  401: "Debes iniciar sesión",
  403: "No tienes acceso a esta información.",
  404: "Enlace inválido o expirado",
  405: "Enlace inválido",
  429: "Demasiadas solicitudes",
};
const DEFAULT_TITLE = "No se pudo abrir el enlace";

/** The HTML of a failed link: a title for the status, the message, and the way back into the app. */
export function linkPageHtml(status: number, message: string): string {
  const title = TITLES[status] ?? DEFAULT_TITLE;
  const detail = message === title ? "" : `<p>${escapeHtml(message)}</p>`;
  return `<!doctype html><html lang="es-CL"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Taller</title><style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f2f7fb;color:#1d2730;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:480px;margin:24px;padding:32px 24px;background:#fff;border:1px solid #dde3e9;border-radius:12px;text-align:center}
h1{font-size:1.4rem;margin:0 0 12px}p{color:#5d6b78;margin:0 0 20px}
a{display:inline-block;padding:10px 18px;border-radius:8px;border:1px solid #0277bd;color:#0277bd;text-decoration:none;font-weight:600}
</style></head><body><main><h1>${escapeHtml(title)}</h1>${detail}<a href="/">Ir al inicio</a></main></body></html>`;
}

/** Answers a failed link with its page. */
export function replyLinkPage(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(linkPageHtml(status, message));
}

/** A browser's navigation asks for HTML; the app's fetches and <img> tags do not. */
const wantsPage = (req: IncomingMessage) => (req.headers.accept ?? "").includes("text/html");

/** A failure of a route that both links and the app reach: the page for a browser tab, `{ error }` otherwise. */
export function replyFailure(req: IncomingMessage, res: ServerResponse, status: number, message: string) {
  if (wantsPage(req)) replyLinkPage(res, status, message);
  else replyJson(res, status, { error: message });
}
