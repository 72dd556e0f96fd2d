// The webhook: POST /payments/webhook/{provider}. It answers quickly: the signature is checked, the notification is
// stored once in payment_webhook_inbox (a re-sent delivery finds its row and is not stored again), and the answer
// goes out; processing (asking the provider for the payment, then settlePayment) follows, and the poller retries
// what a crash left unprocessed.
import { paymentWebhookInbox, queryRows, type Db } from "@taller/db";
import type { EventBus } from "@taller/trpc";
import { and, eq, isNull, sql } from "drizzle-orm";
import { isProviderName, providerNamed, ProviderError, type ProviderName } from "./provider";
import { settlePayment } from "./settle";
import { verifySignature } from "./signature";

export interface WebhookRequest {
  provider: string;
  headers: Record<string, string | string[] | undefined>;
  query: URLSearchParams;
  body: unknown;
}

export interface WebhookAnswer {
  status: number;
  body: { ok: boolean; error?: string };
  /** The stored notification to process (null: nothing new to do). */
  inboxId: number | null;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function bodyField(body: unknown, ...path: string[]): string | null {
  let v: unknown = body;
  for (const k of path) v = v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined;
  return typeof v === "string" || typeof v === "number" ? String(v) : null;
}

/** Checks and stores one notification. Never throws on a caller's bad input: answers 4xx. */
export async function receiveWebhook(db: Db, req: WebhookRequest): Promise<WebhookAnswer> {
  if (!isProviderName(req.provider)) return { status: 404, body: { ok: false, error: "No encontrado" }, inboxId: null };
  let provider;
  try {
    provider = providerNamed(req.provider);
  } catch {
    return { status: 404, body: { ok: false, error: "No encontrado" }, inboxId: null };
  }
  // Mercado Pago puts the payment id in the query (data.id) and the body; the signature covers the query's.
  const dataId = req.query.get("data.id") ?? bodyField(req.body, "data", "id");
  const topic = req.query.get("type") ?? bodyField(req.body, "type") ?? "";
  const requestId = one(req.headers["x-request-id"]);
  const signature = one(req.headers["x-signature"]);
  if (!dataId || !requestId || dataId.length > 64 || requestId.length > 200) {
    return { status: 400, body: { ok: false, error: "Notificación incompleta" }, inboxId: null };
  }
  if (!verifySignature(await provider.webhookSecret(db), signature, dataId, requestId)) {
    return { status: 401, body: { ok: false, error: "Firma inválida" }, inboxId: null };
  }
  if (topic !== "payment") return { status: 200, body: { ok: true }, inboxId: null };
  const [row] = await db
    .insert(paymentWebhookInbox)
    .values({ provider: provider.name, requestId, topic, resourceId: dataId, body: req.body ?? null })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookInbox.id });
  return { status: 200, body: { ok: true }, inboxId: row?.id ?? null };
}

/**
 * Processes one stored notification: asks its provider for the payment and settles it. A provider that fails leaves
 * the row unprocessed (attempts counted) for the poller; anything else marks it processed with what it did.
 */
export async function processInbox(ctx: { db: Db; bus: EventBus }, inboxId: number): Promise<string> {
  const [claimed] = await queryRows<{ provider: string; resource_id: string }>(
    ctx.db,
    sql`UPDATE payment_webhook_inbox SET attempts = attempts + 1 WHERE id = ${inboxId} AND processed_at IS NULL
        RETURNING provider, resource_id`,
  );
  if (!claimed || !isProviderName(claimed.provider)) return "unchanged";
  let result: string;
  try {
    result = await settleById(ctx, claimed.provider, claimed.resource_id);
  } catch (err) {
    if (err instanceof ProviderError) return `error: ${err.message}`;
    throw err;
  }
  await ctx.db
    .update(paymentWebhookInbox)
    .set({ processedAt: new Date(), result })
    .where(and(eq(paymentWebhookInbox.id, inboxId), isNull(paymentWebhookInbox.processedAt)));
  return result;
}

/** Asks the provider for one payment and settles it: 'ignored' when the provider does not know it. */
export async function settleById(
  ctx: { db: Db; bus: EventBus },
  providerName: ProviderName,
  paymentId: string,
): Promise<string> {
  const payment = await providerNamed(providerName).getPayment(ctx.db, paymentId);
  if (!payment) return "ignored";
  return settlePayment(ctx, providerName, payment);
}
