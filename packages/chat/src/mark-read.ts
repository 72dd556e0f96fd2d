import { chatMarkReadInput } from "@taller/core";
import { instantText, queryRows } from "@taller/db";
import { staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { chatForUser } from "./access";

/**
 * The caller has seen the chat up to `comment_id` (a message of this chat). Never moves backwards (a late,
 * reordered request changes nothing). The counters lose exactly what was read: the others' live messages (and
 * mentions of the caller) in (last read, comment_id]; what arrived after it stays unread. Conditional in SQL, under
 * the member row's lock, so concurrent posts and reads cannot lose a count. Other tabs of the caller hear
 * 'document-readed'.
 */
export const markRead = staffProcedure.input(chatMarkReadInput).mutation(({ ctx, input }) =>
  withTransaction(ctx, async (tx) => {
    const chat = await chatForUser(tx.db, ctx, input.chat_id);
    const [target] = await queryRows<{ id: number }>(
      tx.db,
      sql`SELECT id FROM chat_comments WHERE company_id = ${ctx.companyId} AND chat_id = ${chat.id} AND id = ${input.comment_id}`,
    );
    if (!target) throw new TRPCError({ code: "NOT_FOUND", message: "Mensaje no encontrado" });
    // The others' live messages between what was read and what is read now (re-evaluated on the row's newest
    // version if a concurrent post changed it first).
    const seen = sql`FROM chat_comments c
      WHERE c.chat_id = m.chat_id AND c.id > coalesce(m.last_read_comment_id, 0) AND c.id <= ${input.comment_id}
        AND c.deleted_at IS NULL AND c.author_id IS DISTINCT FROM ${ctx.user.id}`;
    const [row] = await queryRows<{ readed_at: string; moved: boolean }>(
      tx.db,
      sql`WITH joined AS (
            INSERT INTO chat_members (company_id, chat_id, user_id, document_type, listed, activity_at, last_read_comment_id)
            SELECT company_id, id, ${ctx.user.id}, document_type, listed, coalesce(last_comment_at, now()), ${input.comment_id}
            FROM chats WHERE id = ${chat.id}
            ON CONFLICT (chat_id, user_id) DO NOTHING
            RETURNING readed_at
          ), moved AS (
            UPDATE chat_members m SET
                unread = greatest(m.unread - (SELECT count(*)::int ${seen}), 0),
                mention = greatest(m.mention - (SELECT count(*)::int ${seen} AND ${ctx.user.id} = ANY (c.mentioned_user_ids)), 0),
                last_read_comment_id = ${input.comment_id},
                readed_at = now()
              WHERE m.chat_id = ${chat.id} AND m.user_id = ${ctx.user.id}
                AND (m.last_read_comment_id IS NULL OR m.last_read_comment_id < ${input.comment_id})
              RETURNING m.readed_at
          )
          SELECT ${instantText(sql`coalesce((SELECT readed_at FROM moved), (SELECT readed_at FROM chat_members WHERE chat_id = ${chat.id} AND user_id = ${ctx.user.id}), now())`)} AS readed_at,
                 EXISTS (SELECT 1 FROM moved) AS moved`,
    );
    if (row?.moved)
      await tx.emit({
        type: "chat.user",
        companyId: ctx.companyId,
        payload: { userIds: [ctx.user.id], channel: "document-readed", chatId: chat.id },
      });
    return { readed_at: row?.readed_at ?? null };
  }),
);
