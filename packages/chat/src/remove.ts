import { CHAT_DELETE_WINDOW_MINUTES, chatRemoveInput, type ChatCommentItem } from "@taller/core";
import { queryRows } from "@taller/db";
import { staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { chatForUser } from "./access";
import { answerComment } from "./comment-rows";

export const REMOVE_REFUSED = "Solo el autor puede eliminar un mensaje, dentro de 5 minutos desde su envío.";

/**
 * Removes a message: only its author, within 5 minutes of its creation by the database's clock (one conditional
 * UPDATE, so neither a client's clock nor a race can stretch the window). Text, pictures, event link, reply and
 * mentions are cleared and `deleted_at` set; the row stays (pages keep their cursor), and the database's trigger
 * takes back the unread and mention counts of members who had not read it. The calendar event itself is removed.
 */
export const remove = staffProcedure.input(chatRemoveInput).mutation(({ ctx, input }) =>
  withTransaction(ctx, async (tx): Promise<ChatCommentItem> => {
    const [own] = await queryRows<{ chat_id: number }>(
      tx.db,
      sql`SELECT chat_id FROM chat_comments WHERE company_id = ${ctx.companyId} AND id = ${input.comment_id} AND author_id = ${ctx.user.id}`,
    );
    if (!own) throw new TRPCError({ code: "NOT_FOUND", message: "Mensaje no encontrado" });
    const chat = await chatForUser(tx.db, ctx, own.chat_id);
    const [removed] = await queryRows<{ event_id: number | null }>(
      tx.db,
      sql`WITH old AS (SELECT id, event_id FROM chat_comments WHERE id = ${input.comment_id} FOR UPDATE)
          UPDATE chat_comments c SET comment = '', picture_ids = '{}', event_id = NULL, reply_id = NULL, target_user_id = NULL, mentioned_user_ids = '{}',
                 deleted_at = clock_timestamp(), updated_at = clock_timestamp()
          FROM old
          WHERE c.id = old.id AND c.author_id = ${ctx.user.id} AND c.deleted_at IS NULL
            AND c.created_at > now() - make_interval(mins => ${CHAT_DELETE_WINDOW_MINUTES})
          RETURNING old.event_id`,
    );
    if (!removed) throw new TRPCError({ code: "FORBIDDEN", message: REMOVE_REFUSED });
    if (removed.event_id !== null) {
      await queryRows(tx.db, sql`DELETE FROM events WHERE company_id = ${ctx.companyId} AND id = ${removed.event_id}`);
      await tx.emit({ type: "calendar.event.changed", companyId: ctx.companyId, payload: { id: removed.event_id } });
    }
    await tx.emit({
      type: "chat.comment",
      companyId: ctx.companyId,
      payload: { chatId: chat.id, commentId: input.comment_id, kind: "removed" },
    });
    return answerComment(tx.db, ctx.companyId, input.comment_id);
  }),
);
