import { whatsappNumber, type Instant, type MessageStatus } from "@taller/core";
import { instantText, queryRows } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { chatClient } from "./chat-client";
import { chatInput } from "./conversation";

export interface OutboxItem {
  id: number;
  kind: "text" | "template";
  body: string;
  status: MessageStatus;
  error: string | null;
  created_at: Instant;
}

/**
 * The last 50 WhatsApp messages sent to the chat document's client, newest first, with their status: with the local
 * default every one of them is 'recorded' (kept here, never sent), so staff see exactly what would have gone out.
 */
export const outbox = staffProcedure
  .use(can("create", "crm"))
  .input(chatInput)
  .query(async ({ ctx, input }): Promise<OutboxItem[]> => {
    const chat = await chatClient(ctx.db, ctx, input.chat_id);
    const phone = whatsappNumber(chat.client?.phone);
    if (!phone) return [];
    return queryRows<OutboxItem>(
      ctx.db,
      sql`SELECT m.id, m.kind, m.body, m.status, m.error, ${instantText(sql`m.created_at`)} AS created_at
          FROM whatsapp_messages m JOIN whatsapp_contacts c ON c.company_id = m.company_id AND c.id = m.contact_id
          WHERE m.company_id = ${ctx.companyId} AND c.phone = ${phone}
          ORDER BY m.id DESC LIMIT 50`,
    );
  });
