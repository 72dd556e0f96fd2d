import { chatOpenInput, present, type ChatHeader } from "@taller/core";
import { queryRows } from "@taller/db";
import { staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { readDocument } from "./documents";
import { readHeader } from "./header";
import { joinMembers } from "./members";

export const DOCUMENT_NOT_FOUND = "Documento no encontrado";

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
    const [chat] = await queryRows<{ id: number }>(
      tx.db,
      sql`SELECT id FROM chats WHERE company_id = ${ctx.companyId} AND document_type = ${input.document_type} AND document_id = ${input.document_id}`,
    );
    const chatId = present(chat, "the chat just upserted").id;
    await joinMembers(tx, ctx.companyId, chatId, [ctx.user.id]);
    return readHeader(tx.db, ctx.companyId, ctx.user.id, chatId);
  }),
);
