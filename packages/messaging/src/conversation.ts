import { replyWindow, templatePlaceholders, toInstant, whatsappNumber, type Instant, idSchema } from "@taller/core";
import { notificationTemplates, whatsappContacts } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { chatClient } from "./chat-client";
import { activeConfig } from "./outbound";

export const chatInput = z.object({ chat_id: idSchema });

export interface Conversation {
  /** false: the company's plan has no WhatsApp (no active configuration): the plan message is shown. */
  plan: boolean;
  client: { id: number; name: string } | null;
  /** The client's WhatsApp number, or null when the client has no usable phone. */
  phone: string | null;
  /**
   * none: the client never wrote ('No se ha iniciado una conversación'); open: free text until closes_at; closed:
   * templates only.
   */
  window: { state: "none" | "open" | "closed"; closes_at: Instant | null };
  /** Approved, active templates the user may send (outside the window the only choice). */
  templates: { id: number; name: string; text: string; placeholders: number }[];
}

/**
 * What the chat's WhatsApp option may send to the document's client, asked before anything is typed: the UI says
 * which rule applies (free text inside the 24 hours after the client's last message, or an approved template).
 * For users who may create CRM managements (seed 002 section 6).
 */
export const conversation = staffProcedure
  .use(can("create", "crm"))
  .input(chatInput)
  .query(async ({ ctx, input }): Promise<Conversation> => {
    const chat = await chatClient(ctx.db, ctx, input.chat_id);
    const client = chat.client ? { id: chat.client.id, name: chat.client.name } : null;
    const none: Conversation["window"] = { state: "none", closes_at: null };
    if (!(await activeConfig(ctx.db, ctx.companyId)))
      return { plan: false, client, phone: null, window: none, templates: [] };
    const phone = whatsappNumber(chat.client?.phone);
    const [contact] = phone
      ? await ctx.db
          .select({ lastInboundAt: whatsappContacts.lastInboundAt })
          .from(whatsappContacts)
          .where(and(eq(whatsappContacts.companyId, ctx.companyId), eq(whatsappContacts.phone, phone)))
      : [];
    const w = replyWindow(contact?.lastInboundAt ?? null, new Date());
    const templates = await ctx.db
      .select({ id: notificationTemplates.id, name: notificationTemplates.name, text: notificationTemplates.text })
      .from(notificationTemplates)
      .where(
        and(
          eq(notificationTemplates.companyId, ctx.companyId),
          eq(notificationTemplates.whatsappStatus, "approved"),
          eq(notificationTemplates.whatsappActive, true),
        ),
      )
      .orderBy(asc(notificationTemplates.name), asc(notificationTemplates.id));
    return {
      plan: true,
      client,
      phone,
      window: {
        state: w.state,
        closes_at: w.state === "open" ? toInstant(w.closesAt) : w.state === "closed" ? toInstant(w.closedAt) : null,
      },
      templates: phone ? templates.map((t) => ({ ...t, placeholders: templatePlaceholders(t.text).length })) : [],
    };
  });
