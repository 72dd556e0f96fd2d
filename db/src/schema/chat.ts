import type { ChatAuthorType, ChatDocumentType } from "@taller/core";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companyId, createdAt, tenantKey, tenantRef, updatedAt, searchIndex } from "./_columns";
import { users } from "./access";
import { events } from "./calendar";
import { budgets } from "./orders";

/**
 * A chat per document (seed 002 section 3.1). Title, subtitle, correlative and picture are copied from the document
 * when the chat is opened (so the list searches and shows them without joining five domains' tables); `search_text`
 * is their folded concatenation, kept by the database. `listed = false` is an archived (finished) chat.
 * `last_comment_*` are written only by the comments trigger (migration `chat`).
 */
export const chats = pgTable(
  "chats",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    documentType: text("document_type").$type<ChatDocumentType>().notNull(),
    // The document's id; for an Assistant thread, null (the thread belongs to `owner_id`).
    documentId: integer("document_id"),
    // e.g. 'OpenAi::Thread' for an assistant thread (the spec's super_type), null otherwise.
    superType: text("super_type"),
    ownerId: integer("owner_id"),
    title: text("title").notNull().default(""),
    subtitle: text("subtitle").notNull().default(""),
    correlativeId: integer("correlative_id"),
    picture: text("picture"),
    listed: boolean("listed").notNull().default(true),
    finished: boolean("finished").notNull().default(false),
    lastCommentId: integer("last_comment_id"),
    lastCommentAt: timestamp("last_comment_at", { withTimezone: true }),
    searchText: text("search_text").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    tenantRef(t, t.ownerId, users, "cascade"),
    check(
      "chats_document_type_known",
      sql`${t.documentType} IN ('Order', 'Budget', 'Crm', 'Booking', 'InventoryAction', 'Assistant')`,
    ),
    // A document has one chat; a user has many assistant threads.
    check(
      "chats_document_or_owner",
      sql`(${t.documentType} = 'Assistant') = (${t.documentId} IS NULL AND ${t.ownerId} IS NOT NULL)`,
    ),
    uniqueIndex("chats_document_idx")
      .on(t.companyId, t.documentType, t.documentId)
      .where(sql`${t.documentId} IS NOT NULL`),
    index("chats_owner_idx")
      .on(t.companyId, t.ownerId, t.id)
      .where(sql`${t.ownerId} IS NOT NULL`),
    searchIndex(t),
  ],
);

/**
 * A message (seed 002 section 3.2). A reply points at another comment (`reply_id`), a direct mention of one user at
 * `target_user_id`; mentions typed in the text as (user:ID) are resolved when sent and kept in `mentioned_user_ids`
 * (only users of the company with a role), which the counters trigger reads. Pictures are ids of the `files` table
 * (checked when sent: the sender's own uploads). An event message links a calendar `events` row. Removing clears
 * text, pictures, event and reply and sets `deleted_at` (the row stays so pages and counters stay consistent).
 */
export const chatComments = pgTable(
  "chat_comments",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    chatId: integer("chat_id").notNull(),
    comment: text("comment").notNull().default(""),
    authorType: text("author_type").$type<ChatAuthorType>().notNull(),
    // The staff author (author_type 'User'); null for system, assistant and client messages.
    authorId: integer("author_id"),
    replyId: integer("reply_id"),
    targetUserId: integer("target_user_id"),
    mentionedUserIds: integer("mentioned_user_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    pictureIds: text("picture_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    eventId: integer("event_id"),
    // A budget message (the chat's budget form) links the budget it created.
    budgetId: integer("budget_id"),
    // The sender's key for this message: a retried send answers the first one instead of posting twice.
    clientKey: text("client_key"),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    tenantRef(t, t.chatId, chats, "cascade"),
    tenantRef(t, t.authorId, users, "set null"),
    tenantRef(t, t.replyId, t, "set null"),
    tenantRef(t, t.targetUserId, users, "set null"),
    tenantRef(t, t.eventId, events, "set null"),
    tenantRef(t, t.budgetId, budgets, "set null"),
    check("chat_comments_author_type_known", sql`${t.authorType} IN ('User', 'System', 'Assistant', 'Client')`),
    check("chat_comments_length", sql`char_length(${t.comment}) <= 4000`),
    check("chat_comments_pictures_max", sql`cardinality(${t.pictureIds}) <= 10`),
    // A chat's pages, newest first, by the cursor (created_at, id).
    index("chat_comments_page_idx").on(t.chatId, t.createdAt, t.id),
    uniqueIndex("chat_comments_client_key_idx")
      .on(t.companyId, t.authorId, t.clientKey)
      .where(sql`${t.clientKey} IS NOT NULL`),
    index("chat_comments_event_idx")
      .on(t.eventId)
      .where(sql`${t.eventId} IS NOT NULL`),
    index("chat_comments_budget_idx")
      .on(t.budgetId)
      .where(sql`${t.budgetId} IS NOT NULL`),
  ],
);

/**
 * A user's place in a chat: the read state and the counters the list and badges read (never count). A row exists
 * for each user who opened, wrote in, or was mentioned in the chat (the chat is in their list). The comments
 * trigger increments `unread` (and `mention` for the mentioned) for every other member, and copies the chat's
 * `document_type`, `listed` and last activity here, so a user's list is one index range of this table.
 * `own_works` counts the user's active works on the document (kept by the works tables when they land; 0 until
 * then) and sorts those chats first (seed 002 section 4.1).
 */
export const chatMembers = pgTable(
  "chat_members",
  {
    companyId: companyId(),
    chatId: integer("chat_id").notNull(),
    userId: integer("user_id").notNull(),
    documentType: text("document_type").$type<ChatDocumentType>().notNull(),
    listed: boolean("listed").notNull().default(true),
    unread: integer("unread").notNull().default(0),
    mention: integer("mention").notNull().default(0),
    ownWorks: integer("own_works").notNull().default(0),
    hasWork: boolean("has_work")
      .notNull()
      .generatedAlwaysAs(sql`own_works > 0`),
    hasMention: boolean("has_mention")
      .notNull()
      .generatedAlwaysAs(sql`mention > 0`),
    // The chat's last comment time, or when the user joined it: the list's last sort key.
    activityAt: timestamp("activity_at", { withTimezone: true }).notNull().defaultNow(),
    lastReadCommentId: integer("last_read_comment_id"),
    readedAt: timestamp("readed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    tenantRef(t, t.chatId, chats, "cascade"),
    tenantRef(t, t.userId, users, "cascade"),
    check("chat_members_counters", sql`${t.unread} >= 0 AND ${t.mention} >= 0 AND ${t.ownWorks} >= 0`),
    // The list: one tab of one user in sort order (section 4.1), read backwards from the top.
    index("chat_members_list_idx").on(
      t.userId,
      t.documentType,
      t.hasWork,
      t.hasMention,
      t.listed,
      t.activityAt,
      t.chatId,
    ),
    // The badges: only the chats with something unread are summed.
    index("chat_members_attention_idx")
      .on(t.userId, t.documentType, t.listed, t.unread, t.mention)
      .where(sql`${t.unread} > 0 OR ${t.mention} > 0`),
  ],
);

export type ChatRow = typeof chats.$inferSelect;
export type ChatCommentRow = typeof chatComments.$inferSelect;
