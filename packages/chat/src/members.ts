import { intArray, queryRows } from "@taller/db";
import type { Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";

/**
 * Makes these users members of the chat (the chat enters their list); a new member has read what was there before.
 * Answers who was added.
 */
export async function joinMembers(
  tx: Transaction,
  companyId: number,
  chatId: number,
  userIds: number[],
): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    tx.db,
    sql`INSERT INTO chat_members (company_id, chat_id, user_id, document_type, listed, activity_at, last_read_comment_id)
        SELECT ch.company_id, ch.id, u, ch.document_type, ch.listed, coalesce(ch.last_comment_at, now()), ch.last_comment_id
        FROM chats ch, unnest(${intArray(userIds)}) AS u
        WHERE ch.company_id = ${companyId} AND ch.id = ${chatId}
        ON CONFLICT (chat_id, user_id) DO NOTHING
        RETURNING user_id`,
  );
  return rows.map((r) => r.user_id);
}
