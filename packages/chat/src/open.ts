import { chatOpenInput, type ChatHeader } from "@taller/core";
import { staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { upsertDocumentChat } from "./document-chat";
import { readDocument } from "./documents";
import { readHeader } from "./header";
import { joinMembers } from "./members";

export const DOCUMENT_NOT_FOUND = "Documento no encontrado";

/**
 * The chat of a document, created on first open (seed 002: 'Add a chat for a document') unless the document was born
 * with it (orders.receive), for a caller who may read the document. The chat's title, subtitle, correlative, picture
 * and finished state are refreshed from the document (written only when they changed); the caller becomes a member,
 * so the chat shows in their list. Opening does not reset the counters: chat.markRead does, once the screen has shown
 * the last message.
 */
export const open = staffProcedure.input(chatOpenInput).mutation(({ ctx, input }) =>
  withTransaction(ctx, async (tx): Promise<ChatHeader> => {
    const facts = await readDocument(tx.db, ctx, input.document_type, input.document_id);
    if (!facts) throw new TRPCError({ code: "NOT_FOUND", message: DOCUMENT_NOT_FOUND });
    const chatId = await upsertDocumentChat(tx.db, ctx.companyId, input.document_type, input.document_id, facts);
    await joinMembers(tx, ctx.companyId, chatId, [ctx.user.id]);
    return readHeader(tx.db, ctx.companyId, ctx.user.id, chatId);
  }),
);
