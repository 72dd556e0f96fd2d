import { chatOpenInput, type ChatHeader } from "@taller/core";
import { queryRows } from "@taller/db";
import { staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { documentView, readDocument } from "./documents";

export const DOCUMENT_NOT_FOUND = "Documento no encontrado";

interface HeaderRow extends Omit<ChatHeader, "view"> {
  document_id: number;
}

/**
 * The chat of a document, created on first open (seed 002: 'Add a chat for a document'), for a caller who may read
 * the document. The chat's title, subtitle, correlative, picture and finished state are refreshed from the document
 * (written only when they changed); the caller becomes a member, so the chat shows in their list. Opening does not
 * reset the counters: chat.markRead does, once the screen has shown the last message.
 */
export const open = staffProcedure.input(chatOpenInput).mutation(({ ctx, input }) =>
  withTransaction(ctx, async (tx): Promise<ChatHeader> => {
    const facts = await readDocument(tx.db, ctx, input.document_type, input.document_id);
    if (!facts) throw new TRPCError({ code: "NOT_FOUND", message: DOCUMENT_NOT_FOUND });
    await queryRows(
      tx.db,
      sql`INSERT INTO chats (company_id, document_type, document_id, title, subtitle, correlative_id, picture, finished, listed)
          VALUES (${ctx.companyId}, ${input.document_type}, ${input.document_id}, ${facts.title}, ${facts.subtitle},
                  ${facts.correlative_id}, ${facts.picture}, ${facts.finished}, ${!facts.finished})
          ON CONFLICT (company_id, document_type, document_id) WHERE document_id IS NOT NULL DO UPDATE
            SET title = EXCLUDED.title, subtitle = EXCLUDED.subtitle, correlative_id = EXCLUDED.correlative_id,
                picture = EXCLUDED.picture, finished = EXCLUDED.finished,
                -- a document that finishes (or reopens) archives (or lists) its chat
                listed = CASE WHEN chats.finished IS DISTINCT FROM EXCLUDED.finished THEN EXCLUDED.listed ELSE chats.listed END,
                updated_at = now()
          WHERE (chats.title, chats.subtitle, chats.correlative_id, chats.picture, chats.finished)
                IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.subtitle, EXCLUDED.correlative_id, EXCLUDED.picture, EXCLUDED.finished)`,
    );
    const [row] = await queryRows<HeaderRow>(
      tx.db,
      sql`WITH chat AS (
            SELECT * FROM chats WHERE company_id = ${ctx.companyId} AND document_type = ${input.document_type} AND document_id = ${input.document_id}
          ), joined AS (
            INSERT INTO chat_members (company_id, chat_id, user_id, document_type, listed, activity_at, last_read_comment_id)
            SELECT company_id, id, ${ctx.user.id}, document_type, listed, coalesce(last_comment_at, now()), last_comment_id FROM chat
            ON CONFLICT (chat_id, user_id) DO NOTHING
            RETURNING unread, mention, last_read_comment_id
          )
          SELECT ch.id, ch.document_type, ch.document_id, ch.super_type, ch.title, ch.subtitle, ch.correlative_id, ch.picture,
                 ch.listed, ch.finished,
                 coalesce(j.unread, m.unread, 0) AS unread, coalesce(j.mention, m.mention, 0) AS mention,
                 coalesce(j.last_read_comment_id, m.last_read_comment_id) AS last_read_comment_id
          FROM chat ch LEFT JOIN joined j ON true
          LEFT JOIN chat_members m ON m.chat_id = ch.id AND m.user_id = ${ctx.user.id}`,
    );
    if (!row) throw new Error("the chat just upserted is missing");
    return { ...row, view: documentView(input.document_type, row.document_id) };
  }),
);
