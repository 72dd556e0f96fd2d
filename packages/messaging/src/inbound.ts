// POST /inbound/whatsapp/{key} (apps/server/src/whatsapp-webhook.ts hands the parsed JSON here): the provider's
// events for one company. Gupshup's v3 subscription posts Meta's Cloud API shape (entry[].changes[].value with
// messages and statuses); template events come as Gupshup's `template-event` or Meta's
// `message_template_status_update`. Gupshup signs nothing, so the URL carries the company's key: a selector and a
// verifier whose SHA-256 is stored (compared in constant time); a wrong key is refused before anything is read.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { confirmByClient } from "@taller/booking";
import { createDocumentChat, writeComment } from "@taller/chat";
import { CHAT_DOCUMENTS, parseAnswer, whatsappNumber, type AnswerType } from "@taller/core";
import { queryRows, whatsappConfigs, type Db } from "@taller/db";
import { withTransaction, type EventBus, type Transaction } from "@taller/trpc";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { applyStatusEvent, contactFor } from "./outbound";
import { applyTemplateStatus } from "./template-status";

/** A new webhook key: `selector.verifier` (shown once), and what is stored of it. */
export function newWebhookKey(): { key: string; selector: string; verifierHash: string } {
  const selector = randomBytes(9).toString("base64url");
  const verifier = randomBytes(24).toString("base64url");
  return { key: `${selector}.${verifier}`, selector, verifierHash: sha256(verifier) };
}

function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** The company whose key this is, or null (malformed, unknown selector, wrong verifier: one answer). */
export async function companyForWebhookKey(db: Db, key: string): Promise<number | null> {
  const m = /^([A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{32})$/.exec(key);
  const [config] = m
    ? await db
        .select({ companyId: whatsappConfigs.companyId, hash: whatsappConfigs.webhookVerifierHash })
        .from(whatsappConfigs)
        .where(eq(whatsappConfigs.webhookSelector, m[1] ?? ""))
    : [];
  const given = Buffer.from(sha256(m?.[2] ?? ""), "hex");
  const stored = Buffer.from(config?.hash ?? "0".repeat(64), "hex");
  return config && given.length === stored.length && timingSafeEqual(given, stored) ? config.companyId : null;
}

const metaMessage = z.object({
  from: z.string().max(20),
  id: z.string().min(1).max(200),
  timestamp: z.union([z.string(), z.number()]).optional(),
  type: z.string().max(40).optional(),
  text: z.object({ body: z.string().max(4096) }).optional(),
  button: z.object({ text: z.string().max(4096) }).optional(),
  interactive: z.object({ button_reply: z.object({ title: z.string().max(4096) }).optional() }).optional(),
});
const metaStatus = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(["sent", "delivered", "read", "failed"]),
  errors: z
    .array(z.object({ title: z.string().max(300).optional(), message: z.string().max(300).optional() }))
    .optional(),
});
const templateEvent = z.object({
  id: z.string().min(1).max(200),
  status: z.string().max(40),
  reason: z.string().max(500).nullish(),
  rejectedReason: z.string().max(500).nullish(),
  pausedUntil: z.number().nullish(),
});
export const webhookSchema = z.union([
  z.object({ type: z.literal("template-event"), payload: templateEvent }),
  z.object({
    entry: z
      .array(
        z.object({
          changes: z
            .array(
              z.object({
                field: z.string().max(80).optional(),
                value: z.object({
                  messages: z.array(metaMessage).max(100).optional(),
                  statuses: z.array(metaStatus).max(100).optional(),
                  event: z.string().max(40).optional(),
                  message_template_id: z.union([z.string(), z.number()]).optional(),
                  reason: z.string().max(500).nullish(),
                }),
              }),
            )
            .max(100),
        }),
      )
      .max(100),
  }),
]);

export interface WebhookReport {
  messages: number;
  duplicates: number;
  statuses: number;
  templates: number;
}

/** Applies one webhook body to a company (already identified by its key), in one transaction. */
export async function receiveWebhook(
  ctx: { db: Db; bus: EventBus },
  companyId: number,
  body: z.infer<typeof webhookSchema>,
): Promise<WebhookReport> {
  return withTransaction(ctx, async (tx) => {
    const report: WebhookReport = { messages: 0, duplicates: 0, statuses: 0, templates: 0 };
    if ("type" in body) {
      const p = body.payload;
      if (
        await applyTemplateStatus(
          tx,
          companyId,
          p.id,
          p.status,
          p.rejectedReason ?? p.reason ?? null,
          p.pausedUntil ? new Date(p.pausedUntil) : null,
        )
      )
        report.templates++;
      return report;
    }
    for (const change of body.entry.flatMap((e) => e.changes)) {
      const v = change.value;
      if (change.field === "message_template_status_update" && v.event && v.message_template_id !== undefined) {
        if (await applyTemplateStatus(tx, companyId, String(v.message_template_id), v.event, v.reason ?? null, null))
          report.templates++;
      }
      for (const s of v.statuses ?? []) {
        const error = s.errors?.[0]?.message ?? s.errors?.[0]?.title ?? null;
        if (await applyStatusEvent(tx, companyId, s.id, s.status, error)) report.statuses++;
      }
      for (const m of v.messages ?? []) {
        if (await receiveMessage(tx, companyId, m)) report.messages++;
        else report.duplicates++;
      }
    }
    return report;
  });
}

function messageText(m: z.infer<typeof metaMessage>): string {
  return (m.text?.body ?? m.button?.text ?? m.interactive?.button_reply?.title ?? `[${m.type ?? "mensaje"}]`).slice(
    0,
    4000,
  );
}

/**
 * One client message: stored once per wamid (a repeated delivery answers false and changes nothing); the contact's
 * window is extended to the message's time (never past now, never backwards); the text becomes a Client comment in
 * the chat of the document the client was last written about; an answer of the expected type to that message's
 * template moves the document.
 */
async function receiveMessage(tx: Transaction, companyId: number, m: z.infer<typeof metaMessage>): Promise<boolean> {
  const phone = whatsappNumber(m.from) ?? m.from.replace(/\D/g, "");
  if (!phone) return false;
  const clientId = await clientByPhone(tx, companyId, phone);
  const contactId = await contactFor(tx.db, companyId, phone, clientId);
  const seconds = Number(m.timestamp);
  const sentAt = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
  const text = messageText(m);
  const [stored] = await queryRows<{ id: number; received_at: string }>(
    tx.db,
    sql`INSERT INTO whatsapp_inbound (company_id, wamid, contact_id, body, received_at)
        VALUES (${companyId}, ${m.id}, ${contactId}, ${text}, LEAST(${sentAt.toISOString()}::timestamptz, now()))
        ON CONFLICT (company_id, wamid) DO NOTHING RETURNING id, received_at`,
  );
  if (!stored) return false;
  await queryRows(
    tx.db,
    sql`UPDATE whatsapp_contacts SET last_inbound_at = GREATEST(last_inbound_at, ${stored.received_at}::timestamptz)
        WHERE company_id = ${companyId} AND id = ${contactId}`,
  );
  const [last] = await queryRows<{
    id: number;
    chat_id: number | null;
    document_type: string | null;
    document_id: number | null;
    answer_type: AnswerType | null;
    notification: string | null;
  }>(
    tx.db,
    sql`SELECT m.id, m.chat_id, m.document_type, m.document_id, t.answer_type, t.notification
        FROM whatsapp_messages m LEFT JOIN notification_templates t ON t.company_id = m.company_id AND t.id = m.template_id
        WHERE m.company_id = ${companyId} AND m.contact_id = ${contactId} ORDER BY m.id DESC LIMIT 1`,
  );
  const chatId = last
    ? (last.chat_id ?? (await documentChat(tx, companyId, last.document_type, last.document_id)))
    : null;
  if (chatId) {
    const commentId = await writeComment(tx, companyId, { chatId, comment: text, authorType: "Client" });
    await queryRows(
      tx.db,
      sql`UPDATE whatsapp_inbound SET comment_id = ${commentId} WHERE company_id = ${companyId} AND id = ${stored.id}`,
    );
  }
  if (
    last?.answer_type &&
    last.document_type === "Booking" &&
    last.document_id &&
    parseAnswer(last.answer_type, text) === true
  ) {
    await confirmByClient(tx, companyId, last.document_id);
  }
  return true;
}

/**
 * A client of the company whose phone has these digits (the last 9 compared: Chilean numbers are written many ways).
 */
async function clientByPhone(tx: Transaction, companyId: number, phone: string): Promise<number | null> {
  const tail = phone.slice(-9);
  const [row] = await queryRows<{ id: number }>(
    tx.db,
    sql`SELECT id FROM clients WHERE company_id = ${companyId} AND phone IS NOT NULL
          AND right(regexp_replace(phone, '\\D', '', 'g'), 9) = ${tail} ORDER BY id LIMIT 1`,
  );
  return row?.id ?? null;
}

/** The document's chat, opened through the chat's own write when nobody opened it yet. */
async function documentChat(
  tx: Transaction,
  companyId: number,
  type: string | null,
  id: number | null,
): Promise<number | null> {
  const document = CHAT_DOCUMENTS.find((d) => d === type);
  return document && id ? createDocumentChat(tx, companyId, document, id) : null;
}
