// The payment provider's side of this server (docs/domains/payments.md):
//
// - POST /payments/webhook/{provider}: provider notifications. The signature is checked and the notification stored
//   once (@taller/payments receiveWebhook) before answering; processing (asking the provider, then settling) runs
//   after the answer, and the poller retries what fails. 60 calls a minute per address, 64 KB bodies.
// - GET/POST /payments/checkout/{preference}: the local provider's checkout, marked 'Pago de prueba'. Paying there
//   records the payment at the local provider and calls the webhook path above over HTTP with a valid signature,
//   exactly as Mercado Pago would call it. Served only for preferences of the local provider, and only while the
//   configuration turns the test checkout on (PAYMENTS_TEST_CHECKOUT): off, every such link is a 404.
import type { IncomingMessage, ServerResponse } from "node:http";
import { formatMoney } from "@taller/core";
import type { Db } from "@taller/db";
import {
  localCheckout,
  LOCAL_CHECKOUT_PATH,
  processInbox,
  providerNamed,
  receiveWebhook,
  recordLocalPayment,
  signatureHeader,
} from "@taller/payments";
import { RateLimiter, type EventBus } from "@taller/trpc";
import { declaredTooLarge, readBody } from "./body";
import type { Logger } from "./logger";
import { clientIp } from "./proxy";
import { replyJson } from "./reply";

export const PAYMENTS_WEBHOOK_PATH = "/payments/webhook/";
export const PAYMENTS_CHECKOUT_PATH = LOCAL_CHECKOUT_PATH;
const MAX_WEBHOOK_BYTES = 64 * 1024;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(`<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pago de prueba</title><style>
body{font-family:system-ui,sans-serif;margin:0;padding:24px;background:#f4f6f8;color:#1d2733}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px #0002}
.badge{display:inline-block;background:#fff3c4;color:#6b4e00;border:1px solid #e5c04b;border-radius:6px;padding:4px 8px;font-weight:600}
.total{font-size:1.6rem;font-weight:700;margin:12px 0}
button{font:inherit;padding:10px 16px;border-radius:8px;border:0;margin:8px 8px 0 0;cursor:pointer}
.approve{background:#2e9d4f;color:#fff}.reject{background:#c62828;color:#fff}
</style></head><body><main>${body}</main></body></html>`);
}

export function createPaymentRoutes(deps: {
  db: Db;
  bus: EventBus;
  logger: Logger;
  trustProxy: number;
  testCheckout: boolean;
}) {
  const limiter = new RateLimiter(60, 60_000);

  async function webhook(req: IncomingMessage, res: ServerResponse, provider: string) {
    if (req.method !== "POST") return replyJson(res, 405, { ok: false, error: "Método no permitido" });
    if (limiter.hit(`webhook:${clientIp(req, deps.trustProxy)}`) > 0)
      return replyJson(res, 429, { ok: false, error: "Demasiadas solicitudes" });
    if (declaredTooLarge(req, MAX_WEBHOOK_BYTES))
      return replyJson(res, 413, { ok: false, error: "Notificación demasiado grande" });
    const raw = await readBody(req, MAX_WEBHOOK_BYTES);
    if (!raw) return replyJson(res, 413, { ok: false, error: "Notificación demasiado grande" });
    let body: unknown = null;
    try {
      body = raw.length ? JSON.parse(raw.toString("utf8")) : null;
    } catch {
      return replyJson(res, 400, { ok: false, error: "JSON inválido" });
    }
    const query = new URL(req.url ?? "/", "http://localhost").searchParams;
    const answer = await receiveWebhook(deps.db, { provider, headers: req.headers, query, body });
    replyJson(res, answer.status, answer.body);
    if (answer.inboxId !== null) {
      const id = answer.inboxId;
      setImmediate(
        () =>
          void processInbox(deps, id).catch((err: unknown) =>
            deps.logger.error({ err, inboxId: id }, "payment notification failed"),
          ),
      );
    }
  }

  /** Calls this server's own webhook path, signed with the local provider's secret (what Mercado Pago would do). */
  async function notifySelf(req: IncomingMessage, paymentId: string) {
    const { localAddress, localPort } = req.socket;
    const host = localAddress?.includes(":") ? `[${localAddress}]` : (localAddress ?? "127.0.0.1");
    const requestId = `local-${paymentId}-${Date.now()}`;
    const ts = String(Date.now());
    const secret = await providerNamed("local").webhookSecret(deps.db);
    const response = await fetch(
      `http://${host}:${localPort}${PAYMENTS_WEBHOOK_PATH}local?data.id=${paymentId}&type=payment`,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-request-id": requestId,
          "x-signature": signatureHeader(secret, paymentId, requestId, ts),
        },
        body: JSON.stringify({ action: "payment.created", type: "payment", data: { id: paymentId } }),
        signal: AbortSignal.timeout(10_000),
      },
    );
    await response.body?.cancel();
    if (!response.ok) deps.logger.warn({ status: response.status }, "local payment notification refused");
  }

  async function checkout(req: IncomingMessage, res: ServerResponse, preferenceId: string) {
    if (!deps.testCheckout)
      return page(res, 404, `<h1>Pago de prueba</h1><p>Los pagos de prueba están desactivados en este servidor.</p>`);
    const found = await localCheckout(deps.db, preferenceId);
    if (!found) return page(res, 404, `<h1>Pago de prueba</h1><p>Este enlace de pago no existe.</p>`);
    if (req.method === "POST") {
      if (limiter.hit(`checkout:${clientIp(req, deps.trustProxy)}`) > 0)
        return page(res, 429, `<p>Demasiadas solicitudes. Intenta en un minuto.</p>`);
      const raw = await readBody(req, 1024);
      const decision = new URLSearchParams(raw?.toString("utf8") ?? "").get("decision");
      if (decision !== "approve" && decision !== "reject")
        return page(res, 400, `<p>Elige aprobar o rechazar el pago.</p>`);
      if (found.status === 2) return redirect(res, preferenceId, "paid");
      const recorded = await recordLocalPayment(deps.db, preferenceId, decision === "approve");
      if (recorded) await notifySelf(req, recorded.paymentId);
      return redirect(res, preferenceId, decision === "approve" ? "approved" : "rejected");
    }
    if (req.method !== "GET" && req.method !== "HEAD") return page(res, 405, `<p>Método no permitido</p>`);
    const result = new URL(req.url ?? "/", "http://localhost").searchParams.get("result");
    const paid = found.status === 2;
    const message =
      result === "approved" || paid
        ? `<p role="status"><strong>Pago aprobado.</strong> Puedes cerrar esta página.</p>`
        : result === "rejected"
          ? `<p role="status"><strong>Pago rechazado.</strong> Puedes intentarlo de nuevo.</p>`
          : "";
    const actions = paid
      ? ""
      : `<form method="post"><button class="approve" name="decision" value="approve">Aprobar pago</button>
         <button class="reject" name="decision" value="reject">Rechazar pago</button></form>`;
    page(
      res,
      200,
      `<span class="badge">Pago de prueba</span>
<h1>Cobro Nº ${found.correlative_id}</h1>
<p>${escapeHtml(found.company)}</p>
<p>${escapeHtml(found.titles ?? "")}</p>
<div class="total">${formatMoney(found.total)}</div>
<p>Este es el proveedor de pagos local de la aplicación: no se cobra dinero real. Configura Mercado Pago para recibir pagos.</p>
${message}${actions}`,
    );
  }

  function redirect(res: ServerResponse, preferenceId: string, result: string) {
    res.writeHead(303, {
      location: `${PAYMENTS_CHECKOUT_PATH}${encodeURIComponent(preferenceId)}?result=${result}`,
      "cache-control": "no-store",
    });
    res.end();
  }

  return async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (path.startsWith(PAYMENTS_WEBHOOK_PATH)) return webhook(req, res, path.slice(PAYMENTS_WEBHOOK_PATH.length));
    return checkout(req, res, decodeURIComponent(path.slice(PAYMENTS_CHECKOUT_PATH.length)));
  };
}
