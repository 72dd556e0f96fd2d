import { writeComment } from "@taller/chat";
import { WHATSAPP_TEXTS, whatsappNumber, type MessageStatus, idSchema } from "@taller/core";
import { can, RateLimiter, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { loadCompanyTerms, queryRows } from "@taller/db";
import { z } from "zod";
import { chatClient } from "./chat-client";
import { activeConfig, contactFor, deliverMessage, queueMessage } from "./outbound";

const clientKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "Clave de mensaje inválida");
export const whatsappSendInput = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("text"),
    chat_id: idSchema,
    client_key: clientKey,
    text: z.string().trim().min(1, "Escribe un mensaje").max(4000),
    /** The chat comment of the client's message answered: sent as WhatsApp's reply reference within its window. */
    reply_to: idSchema.nullish(),
  }),
  z.object({
    kind: z.literal("template"),
    chat_id: idSchema,
    client_key: clientKey,
    template_id: idSchema,
    variables: z.array(z.string().trim().min(1, WHATSAPP_TEXTS.example).max(200)).max(20).default([]),
  }),
]);

// A person types; 30 WhatsApp messages a minute per user is far above that and far below a spam run.
const perUser = new RateLimiter(30, 60_000);

/**
 * Sends a WhatsApp message to the chat document's client: free text only inside the reply window, else only an
 * approved template (queueMessage refuses anything else before the provider is called). The message is also written
 * into the chat as the user's comment, so the conversation reads in one place. A retry with the same client_key
 * answers the first message.
 */
export const send = staffProcedure
  .use(can("create", "crm"))
  .input(whatsappSendInput)
  .mutation(async ({ ctx, input }): Promise<{ id: number; status: MessageStatus; body: string }> => {
    if (perUser.hit(String(ctx.user.id)) > 0)
      throw new TRPCError({
        code: "TOO_MANY_REQUESTS",
        message: "Demasiados mensajes. Intenta nuevamente en un minuto.",
      });
    const chat = await chatClient(ctx.db, ctx, input.chat_id);
    if (!(await activeConfig(ctx.db, ctx.companyId)))
      throw new TRPCError({ code: "FORBIDDEN", message: WHATSAPP_TEXTS.notInPlan });
    const phone = whatsappNumber(chat.client?.phone);
    if (!chat.client || !phone) {
      const { client } = await loadCompanyTerms(ctx.db, ctx.companyId);
      throw new TRPCError({ code: "PRECONDITION_FAILED", message: WHATSAPP_TEXTS.noPhone(client) });
    }
    const clientId = chat.client.id;
    const id = await withTransaction(ctx, async (tx) => {
      const contactId = await contactFor(tx.db, ctx.companyId, phone, clientId);
      const messageId = await queueMessage(tx, {
        companyId: ctx.companyId,
        contactId,
        content:
          input.kind === "text"
            ? { kind: "text", body: input.text, replyToCommentId: input.reply_to }
            : { kind: "template", templateId: input.template_id, variables: input.variables },
        documentType: chat.document_type,
        documentId: chat.document_id,
        chatId: chat.chat_id,
        sentBy: ctx.user.id,
        dedupeKey: `user:${ctx.user.id}:${input.client_key}`,
      });
      const [fresh] = await queryRows<{ body: string; new: boolean }>(
        tx.db,
        sql`SELECT body, status = 'queued' AND NOT EXISTS (SELECT 1 FROM chat_comments WHERE company_id = ${ctx.companyId} AND author_id = ${ctx.user.id} AND client_key = ${`wa-${input.client_key}`}) AS new
            FROM whatsapp_messages WHERE company_id = ${ctx.companyId} AND id = ${messageId}`,
      );
      if (fresh?.new)
        await writeComment(tx, ctx.companyId, {
          chatId: chat.chat_id,
          comment: `WhatsApp: ${fresh.body}`.slice(0, 4000),
          authorType: "User",
          authorId: ctx.user.id,
          clientKey: `wa-${input.client_key}`,
        });
      return messageId;
    });
    const status = await deliverMessage(ctx.db, ctx.companyId, id);
    const [row] = await queryRows<{ body: string }>(
      ctx.db,
      sql`SELECT body FROM whatsapp_messages WHERE company_id = ${ctx.companyId} AND id = ${id}`,
    );
    return { id, status, body: row?.body ?? "" };
  });
