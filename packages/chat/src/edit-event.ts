import { chatEditEventInput, type ChatCommentItem } from "@taller/core";
import { queryRows } from "@taller/db";
import { staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { chatForUser } from "./access";
import { answerComment } from "./comment-rows";
import { writeEvent } from "./event-row";

const NOT_AN_EVENT = "Mensaje de evento no encontrado";

/**
 * Edits an event message: the same comment and its calendar event are updated (seed 002 section 4.1), never a new
 * message. Only its author may, while it is not removed, and only with permission to update events.
 */
export const editEvent = staffProcedure.input(chatEditEventInput).mutation(({ ctx, input }) =>
  withTransaction(ctx, async (tx): Promise<ChatCommentItem> => {
    const [comment] = await queryRows<{ chat_id: number; event_id: number }>(
      tx.db,
      sql`SELECT chat_id, event_id FROM chat_comments
          WHERE company_id = ${ctx.companyId} AND id = ${input.comment_id} AND author_id = ${ctx.user.id}
            AND deleted_at IS NULL AND event_id IS NOT NULL
          FOR UPDATE`,
    );
    if (!comment) throw new TRPCError({ code: "NOT_FOUND", message: NOT_AN_EVENT });
    const chat = await chatForUser(tx.db, ctx, comment.chat_id);
    if (!ctx.can("update", "event"))
      throw new TRPCError({ code: "FORBIDDEN", message: "No tienes permiso para editar eventos." });
    await writeEvent(tx, ctx, chat, input.event, comment.event_id);
    await queryRows(tx.db, sql`UPDATE chat_comments SET updated_at = clock_timestamp() WHERE id = ${input.comment_id}`);
    await tx.emit({
      type: "chat.comment",
      companyId: ctx.companyId,
      payload: { chatId: chat.id, commentId: input.comment_id, kind: "changed" },
    });
    return answerComment(tx.db, ctx.companyId, input.comment_id);
  }),
);
