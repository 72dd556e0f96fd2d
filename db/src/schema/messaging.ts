// WhatsApp messaging through Gupshup (docs/domains/messaging.md): each company's configuration, its notification
// templates, the contacts' last inbound time (the 24-hour reply window), the outbound messages and the inbound ones.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companyId, createdAt, tenantKey, tenantRef, updatedAt } from "./_columns";
import { users } from "./access";
import { chats } from "./chat";
import { clients } from "./clients";

/**
 * One WhatsApp configuration per company (seed 002 section 3.6): the provider's app, the business account and the
 * phone, shown as its verified name and display number. `webhook_selector` and the SHA-256 of a verifier form the
 * key in the inbound webhook's URL (the provider signs nothing; the key proves the caller was given the URL).
 */
export const whatsappConfigs = pgTable(
  "whatsapp_configs",
  {
    id: serial("id").primaryKey(),
    companyId: companyId().unique(),
    gupshupAppId: text("gupshup_app_id").notNull(),
    accountId: text("account_id").notNull(),
    phoneId: text("phone_id").notNull(),
    verifiedName: text("verified_name").notNull().default(""),
    displayNumber: text("display_number").notNull().default(""),
    active: boolean("active").notNull().default(true),
    webhookSelector: text("webhook_selector").notNull(),
    webhookVerifierHash: text("webhook_verifier_hash").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex("whatsapp_configs_selector_idx").on(t.webhookSelector),
    uniqueIndex("whatsapp_configs_app_idx").on(t.gupshupAppId),
  ],
);

/**
 * A company's notification and its WhatsApp template (seed 002 'Notification template'). `notification` names what
 * sends it (booking_confirmation, booking_reminder, order_received, budget_ready, payment_link, crm_follow_up).
 * `fills` are the example values of the {{1}}.. placeholders. `whatsapp_status` follows the provider: submitted,
 * approved, rejected (with `status_reason`), paused (until `paused_until`), disabled.
 */
export const notificationTemplates = pgTable(
  "notification_templates",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    notification: text("notification").notNull(),
    name: text("name").notNull(),
    text: text("text").notNull(),
    answerType: text("answer_type").notNull().default(""),
    showOrder: boolean("show_order").notNull().default(false),
    showBudget: boolean("show_budget").notNull().default(false),
    whatsappActive: boolean("whatsapp_active").notNull().default(false),
    fills: text("fills")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The provider's id of the submitted template, and its status as the provider last told it.
    providerTemplateId: text("provider_template_id"),
    whatsappStatus: text("whatsapp_status"),
    statusReason: text("status_reason"),
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex("notification_templates_notification_idx").on(t.companyId, t.notification),
    uniqueIndex("notification_templates_provider_idx").on(t.providerTemplateId),
    check(
      "notification_templates_answer_type_known",
      sql`${t.answerType} IN ('', 'text', 'date', 'datetime', 'boolean')`,
    ),
    check(
      "notification_templates_status_known",
      sql`${t.whatsappStatus} IS NULL OR ${t.whatsappStatus} IN ('submitted', 'approved', 'rejected', 'paused', 'disabled')`,
    ),
    check("notification_templates_lengths", sql`char_length(${t.name}) <= 180 AND char_length(${t.text}) <= 1024`),
  ],
);

/**
 * A client's WhatsApp number in a company and the last time they wrote: a free-form message may be sent only until
 * 24 hours after `last_inbound_at` (seed 001 section 9). Kept monotonic by the writer (GREATEST), so a late delivery
 * of an older message never shortens the window.
 */
export const whatsappContacts = pgTable(
  "whatsapp_contacts",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    phone: text("phone").notNull(),
    clientId: integer("client_id"),
    lastInboundAt: timestamp("last_inbound_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    tenantRef(t, t.clientId, clients, "set null"),
    uniqueIndex("whatsapp_contacts_phone_idx").on(t.companyId, t.phone),
    index("whatsapp_contacts_client_idx").on(t.companyId, t.clientId),
  ],
);

/**
 * Every outbound message (the local default's outbox, and the record of what the provider was asked to send).
 * `status` only moves forward (queued < recorded/sent < delivered < read; failed from any state before delivered):
 * the provider's events may arrive out of order. `kind` free-form or template; `document_*` and `chat_id` say which
 * document's chat an answer belongs to.
 */
export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    contactId: integer("contact_id").notNull(),
    kind: text("kind").notNull(),
    templateId: integer("template_id"),
    body: text("body").notNull(),
    variables: text("variables")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    documentType: text("document_type"),
    documentId: integer("document_id"),
    chatId: integer("chat_id"),
    sentBy: integer("sent_by"),
    // 'recorded' is the local default's: kept here, never sent, never delivered.
    status: text("status").notNull().default("queued"),
    providerMessageId: text("provider_message_id"),
    // The inbound message's wamid this answers (sent as WhatsApp's reply reference), set only within its window.
    replyToWamid: text("reply_to_wamid"),
    error: text("error"),
    // What asked for it, once: a notification of one booking is sent once however often its sweep runs.
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    tenantRef(t, t.contactId, whatsappContacts, "cascade"),
    tenantRef(t, t.templateId, notificationTemplates, "set null"),
    tenantRef(t, t.chatId, chats, "set null"),
    tenantRef(t, t.sentBy, users, "set null"),
    check("whatsapp_messages_kind_known", sql`${t.kind} IN ('text', 'template')`),
    check(
      "whatsapp_messages_status_known",
      sql`${t.status} IN ('queued', 'recorded', 'sent', 'delivered', 'read', 'failed')`,
    ),
    check("whatsapp_messages_body_length", sql`char_length(${t.body}) <= 4096`),
    uniqueIndex("whatsapp_messages_provider_idx").on(t.providerMessageId),
    uniqueIndex("whatsapp_messages_dedupe_idx").on(t.companyId, t.dedupeKey),
    index("whatsapp_messages_contact_idx").on(t.companyId, t.contactId, t.id),
  ],
);

/** Inbound messages by their WhatsApp id (wamid): a duplicate delivery of the same webhook is ignored. */
export const whatsappInbound = pgTable(
  "whatsapp_inbound",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    wamid: text("wamid").notNull(),
    contactId: integer("contact_id").notNull(),
    body: text("body").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    commentId: integer("comment_id"),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    tenantRef(t, t.contactId, whatsappContacts, "cascade"),
    uniqueIndex("whatsapp_inbound_wamid_idx").on(t.companyId, t.wamid),
    // A chat's client message reads its author (the contact's client) through the comment it became.
    index("whatsapp_inbound_comment_idx").on(t.companyId, t.commentId),
  ],
);
