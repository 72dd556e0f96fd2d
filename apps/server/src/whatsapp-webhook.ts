// POST /inbound/whatsapp/{key}: the WhatsApp provider's events for one company (messages, statuses, template events;
// packages/messaging/src/inbound.ts). Gupshup signs nothing, so the key in the path is the company's secret (shown
// once when its configuration is first saved): a wrong, unknown or malformed key is a 404 after the same work.
// In order: method, a per-address rate limit (before any lookup), content type, declared size, key, body counted as
// it streams (256 KiB), JSON on the schema (422), then one transaction; a database failure is a 503 the provider
// retries (a retry of a stored message is a duplicate, ignored by its wamid). The key is never logged.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "@taller/db";
import { companyForWebhookKey, receiveWebhook, webhookSchema } from "@taller/messaging";
import { RateLimiter, type EventBus } from "@taller/trpc";
import { declaredTooLarge, readBody } from "./body";
import { header, mediaType } from "./headers";
import type { Logger } from "./logger";
import { clientIp } from "./proxy";
import { replyJson, retryLater } from "./reply";

export const WHATSAPP_WEBHOOK_PATH = "/inbound/whatsapp/";
export const MAX_WHATSAPP_WEBHOOK_BYTES = 256 * 1024;

const ERRORS = {
  method: "Método no permitido",
  tooMany: "Demasiadas solicitudes. Intenta nuevamente en unos segundos.",
  mediaType: "Formato no aceptado: envía application/json",
  tooLarge: "El evento supera el máximo de 256 KB",
  notFound: "No encontrado",
  badJson: "El evento no tiene un formato conocido",
  unavailable: "No se pudo guardar el evento. Intenta nuevamente más tarde.",
} as const;

export interface WhatsappWebhookDeps {
  db: Db;
  bus: EventBus;
  logger: Logger;
  trustProxy: number;
  /** Requests per address per minute (a provider posts from a few addresses; generous). */
  perAddress?: number;
}

export function createWhatsappWebhookRoute({ db, bus, logger, trustProxy, perAddress = 600 }: WhatsappWebhookDeps) {
  const limiter = new RateLimiter(perAddress, 60_000);

  async function handle(req: IncomingMessage, res: ServerResponse, key: string): Promise<void> {
    if (req.method !== "POST") {
      res.setHeader("allow", "POST");
      return replyJson(res, 405, { error: ERRORS.method });
    }
    if (limiter.hit(clientIp(req, trustProxy)) > 0) return replyJson(res, 429, { error: ERRORS.tooMany });
    if (mediaType(header(req, "content-type")).toLowerCase() !== "application/json")
      return replyJson(res, 415, { error: ERRORS.mediaType });
    if (declaredTooLarge(req, MAX_WHATSAPP_WEBHOOK_BYTES)) return replyJson(res, 413, { error: ERRORS.tooLarge });
    const companyId = await companyForWebhookKey(db, key);
    if (companyId === null) return replyJson(res, 404, { error: ERRORS.notFound });
    const body = await readBody(req, MAX_WHATSAPP_WEBHOOK_BYTES);
    if (!body) return replyJson(res, 413, { error: ERRORS.tooLarge });
    let value: unknown;
    try {
      value = JSON.parse(body.toString("utf8"));
    } catch {
      return replyJson(res, 422, { error: ERRORS.badJson });
    }
    const parsed = webhookSchema.safeParse(value);
    // Events this product does not read (billing, account updates) are acknowledged, so the provider stops retrying.
    if (!parsed.success) return replyJson(res, 200, { ignored: true });
    const report = await receiveWebhook({ db, bus }, companyId, parsed.data);
    return replyJson(res, 200, report);
  }

  return retryLater(logger, "whatsapp webhook", ERRORS.unavailable, handle);
}
