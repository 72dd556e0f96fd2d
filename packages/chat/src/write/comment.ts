// A chat comment, the one insert of chat_comments: the chat's own send and assistant, and other domains in their own
// transaction (messaging: a client's WhatsApp message, a user's WhatsApp reply copied into the chat). The row's
// triggers keep the chat's last comment and the members' unread counts; the event moves the screens.
import type { ChatAuthorType } from "@taller/core";
import { intArray, queryRows } from "@taller/db";
import type { Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";

export interface NewComment {
  chatId: number;
  comment: string;
  authorType: ChatAuthorType;
  authorId?: number | null;
  replyId?: number | null;
  mentionedUserIds?: number[];
  pictureIds?: string[];
  eventId?: number | null;
  budgetId?: number | null;
  /** The author's retry key: unique per author, so a repeated request finds its first comment. */
  clientKey?: string | null;
}

/** Inserts the comment in the caller's transaction, emits `chat.comment` and answers its id. */
export async function writeComment(tx: Transaction, companyId: number, c: NewComment): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx.db,
    sql`INSERT INTO chat_comments (company_id, chat_id, comment, author_type, author_id, reply_id, mentioned_user_ids,
                                   picture_ids, event_id, budget_id, client_key, created_at, updated_at)
        VALUES (${companyId}, ${c.chatId}, ${c.comment}, ${c.authorType}, ${c.authorId ?? null}, ${c.replyId ?? null},
                ${intArray(c.mentionedUserIds ?? [])}, ${`{${(c.pictureIds ?? []).join(",")}}`}::text[],
                ${c.eventId ?? null}, ${c.budgetId ?? null}, ${c.clientKey ?? null}, clock_timestamp(), clock_timestamp())
        RETURNING id`,
  );
  if (!row) throw new Error("comment insert returned nothing");
  await tx.emit({ type: "chat.comment", companyId, payload: { chatId: c.chatId, commentId: row.id, kind: "new" } });
  return row.id;
}
