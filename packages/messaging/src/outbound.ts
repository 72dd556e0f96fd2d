// Sending: the reply-window rule, the outbox row and its delivery through the adapter. Every outbound message —
// a staff reply from a chat or a company notification — goes through queueMessage (inside the caller's
// transaction, where the rule is checked against the contact's row, locked) and then deliverMessage (after COMMIT:
// no provider call holds a transaction open, and a rolled-back send never reaches the provider).
import {
  fillTemplate,
  replyReference,
  replyWindow,
  statusAdvances,
  templatePlaceholders,
  WHATSAPP_TEXTS,
  type MessageStatus,
} from "@taller/core";
import {
  loadCompanyTerms,
  notificationTemplates,
  queryRows,
  whatsappConfigs,
  whatsappContacts,
  whatsappMessages,
  type Db,
} from "@taller/db";
import { fieldError, TRPCError, type Transaction } from "@taller/trpc";
import { and, eq, sql } from "drizzle-orm";
import { messagingAdapter } from "./adapter";

export type QueuedContent =
  | {
      kind: "text";
      body: string;
      /** The chat comment of the client's message this answers ('Responder por WhatsApp'). */
      replyToCommentId?: number | null;
    }
  | { kind: "template"; templateId: number; variables: string[] };

export interface QueueRequest {
  companyId: number;
  contactId: number;
  content: QueuedContent;
  documentType?: string | null;
  documentId?: number | null;
  chatId?: number | null;
  sentBy?: number | null;
  /** Sends once per key and company: a repeated request answers the first message. */
  dedupeKey?: string | null;
  now?: Date;
}

/** The company's active configuration, or null: the company's plan has no WhatsApp. */
export async function activeConfig(db: Db, companyId: number) {
  const [config] = await db
    .select()
    .from(whatsappConfigs)
    .where(and(eq(whatsappConfigs.companyId, companyId), eq(whatsappConfigs.active, true)));
  return config ?? null;
}

/** The contact of a phone in a company, created on first use (unique per company and phone). */
export async function contactFor(db: Db, companyId: number, phone: string, clientId: number | null): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO whatsapp_contacts (company_id, phone, client_id) VALUES (${companyId}, ${phone}, ${clientId})
        ON CONFLICT (company_id, phone) DO UPDATE SET client_id = COALESCE(whatsapp_contacts.client_id, EXCLUDED.client_id)
        RETURNING id`,
  );
  if (!row) throw new Error("contact upsert returned nothing");
  return row.id;
}

/**
 * Writes the message as 'queued' when the rule allows it. Free text only while the client's window is open
 * (checked under the contact's row lock against the database's clock, so an inbound message landing now cannot
 * race it); outside it only an approved, active template with one value per placeholder. Nothing is ever queued that
 * the rule refuses, so nothing reaches the provider that WhatsApp would drop.
 */
export async function queueMessage(tx: Transaction, req: QueueRequest): Promise<number> {
  if (req.dedupeKey) {
    const [seen] = await queryRows<{ id: number }>(
      tx.db,
      sql`SELECT id FROM whatsapp_messages WHERE company_id = ${req.companyId} AND dedupe_key = ${req.dedupeKey}`,
    );
    if (seen) return seen.id;
  }
  const [contact] = await queryRows<{ last_inbound_at: Date | string | null; now: Date | string }>(
    tx.db,
    sql`SELECT last_inbound_at, now() AS now FROM whatsapp_contacts WHERE company_id = ${req.companyId} AND id = ${req.contactId} FOR UPDATE`,
  );
  if (!contact) {
    const { client } = await loadCompanyTerms(tx.db, req.companyId);
    throw new TRPCError({ code: "NOT_FOUND", message: WHATSAPP_TEXTS.noPhone(client) });
  }
  let body: string;
  let replyToWamid: string | null = null;
  let templateId: number | null = null;
  let variables: string[] = [];
  if (req.content.kind === "text") {
    const now = req.now ?? new Date(contact.now);
    const window = replyWindow(contact.last_inbound_at === null ? null : new Date(contact.last_inbound_at), now);
    if (window.state === "none")
      throw new TRPCError({ code: "PRECONDITION_FAILED", message: WHATSAPP_TEXTS.noConversation });
    if (window.state === "closed") {
      const { client } = await loadCompanyTerms(tx.db, req.companyId);
      throw new TRPCError({ code: "PRECONDITION_FAILED", message: WHATSAPP_TEXTS.outsideWindow(client) });
    }
    body = req.content.body;
    if (req.content.replyToCommentId) {
      const [inbound] = await queryRows<{ wamid: string; received_at: Date | string }>(
        tx.db,
        sql`SELECT wamid, received_at FROM whatsapp_inbound
            WHERE company_id = ${req.companyId} AND contact_id = ${req.contactId} AND comment_id = ${req.content.replyToCommentId}`,
      );
      replyToWamid = replyReference(
        inbound ? { wamid: inbound.wamid, receivedAt: new Date(inbound.received_at) } : null,
        now,
      );
    }
  } else {
    const [template] = await tx.db
      .select()
      .from(notificationTemplates)
      .where(
        and(eq(notificationTemplates.companyId, req.companyId), eq(notificationTemplates.id, req.content.templateId)),
      );
    if (!template) throw fieldError("NOT_FOUND", "template_id", "Plantilla no encontrada");
    if (template.whatsappStatus !== "approved" || !template.whatsappActive) {
      throw fieldError("PRECONDITION_FAILED", "template_id", WHATSAPP_TEXTS.templateNotApproved);
    }
    const count = templatePlaceholders(template.text).length;
    variables = req.content.variables.map((v) => v.trim());
    if (variables.length !== count || variables.some((v) => !v))
      throw fieldError("BAD_REQUEST", "variables", WHATSAPP_TEXTS.example);
    body = fillTemplate(template.text, variables);
    templateId = template.id;
  }
  const [row] = await tx.db
    .insert(whatsappMessages)
    .values({
      companyId: req.companyId,
      contactId: req.contactId,
      kind: req.content.kind,
      templateId,
      body,
      variables,
      documentType: req.documentType ?? null,
      documentId: req.documentId ?? null,
      chatId: req.chatId ?? null,
      sentBy: req.sentBy ?? null,
      dedupeKey: req.dedupeKey ?? null,
      replyToWamid,
    })
    .returning({ id: whatsappMessages.id });
  if (!row) throw new Error("message insert returned nothing");
  return row.id;
}

/**
 * Hands a queued message to the adapter: 'sent' with the provider's id, 'recorded' by the local default (it never
 * left the machine and is never reported delivered), or 'failed' with the reason. Called once, by whoever queued
 * the message, after its COMMIT; the final write applies only to a row still 'queued'.
 */
export async function deliverMessage(db: Db, companyId: number, messageId: number): Promise<MessageStatus> {
  const [m] = await db
    .select()
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.companyId, companyId), eq(whatsappMessages.id, messageId)));
  const [contact] = m ? await db.select().from(whatsappContacts).where(eq(whatsappContacts.id, m.contactId)) : [];
  const config = await activeConfig(db, companyId);
  if (!m || !contact) return "failed";
  if (m.status !== "queued") return m.status as MessageStatus;
  const adapter = messagingAdapter();
  let status: MessageStatus;
  let providerMessageId: string | null = null;
  let error: string | null = null;
  try {
    if (!config) throw new Error("WhatsApp desactivado para la empresa");
    let templateProviderId: string | null = null;
    if (m.kind === "template" && m.templateId) {
      const [t] = await db
        .select({ id: notificationTemplates.providerTemplateId })
        .from(notificationTemplates)
        .where(eq(notificationTemplates.id, m.templateId));
      templateProviderId = t?.id ?? null;
      if (!templateProviderId) throw new Error("La plantilla no fue enviada a WhatsApp");
    }
    const answer = await adapter.send(
      config.gupshupAppId,
      templateProviderId
        ? { kind: "template", to: contact.phone, templateId: templateProviderId, variables: m.variables }
        : { kind: "text", to: contact.phone, body: m.body, replyTo: m.replyToWamid },
    );
    providerMessageId = answer.providerMessageId;
    status = providerMessageId ? "sent" : "recorded";
  } catch (err) {
    status = "failed";
    error = (err instanceof Error ? err.message : "error").slice(0, 300);
  }
  await db
    .update(whatsappMessages)
    .set({ status, providerMessageId, error, updatedAt: new Date() })
    .where(
      and(
        eq(whatsappMessages.companyId, companyId),
        eq(whatsappMessages.id, messageId),
        eq(whatsappMessages.status, "queued"),
      ),
    );
  return status;
}

/**
 * Hands a sweep's queued messages to the provider after `tx` commits, one after another; a failure is written on its
 * message ('failed'), not retried.
 */
export function deliverAfterCommit(
  tx: Transaction,
  db: Db,
  queued: readonly { companyId: number; id: number }[],
): void {
  tx.afterCommit(() => {
    void (async () => {
      for (const q of queued) await deliverMessage(db, q.companyId, q.id).catch(() => undefined);
    })();
  });
}

/**
 * The provider's status event for one of its message ids: applied only when it moves the message forward
 * (statusAdvances), under the row's lock, so 'delivered' arriving after 'read' changes nothing.
 */
export async function applyStatusEvent(
  tx: Transaction,
  companyId: number,
  providerMessageId: string,
  next: MessageStatus,
  error: string | null,
) {
  const [row] = await queryRows<{ id: number; status: MessageStatus }>(
    tx.db,
    sql`SELECT id, status FROM whatsapp_messages WHERE company_id = ${companyId} AND provider_message_id = ${providerMessageId} FOR UPDATE`,
  );
  if (!row || !statusAdvances(row.status, next)) return false;
  await tx.db
    .update(whatsappMessages)
    .set({ status: next, error: next === "failed" ? (error ?? "failed").slice(0, 300) : null, updatedAt: new Date() })
    .where(and(eq(whatsappMessages.companyId, companyId), eq(whatsappMessages.id, row.id)));
  return true;
}
