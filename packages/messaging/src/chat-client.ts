// The client a chat's document names (an order's, a budget's order's, a CRM management's, a booking's), for the
// chat's WhatsApp option. Another company's chat, or one whose document the caller may not read (as the chat's own
// procedures decide), answers NOT_FOUND; a chat whose document has no client, null.
import { CHAT_DOCUMENTS } from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import { readableDocument, TRPCError, type DocumentReader } from "@taller/trpc";
import { sql } from "drizzle-orm";

export const CHAT_NOT_FOUND = "Chat no encontrado";

export interface ChatClient {
  chat_id: number;
  document_type: string;
  document_id: number | null;
  client: { id: number; name: string; phone: string | null } | null;
}

export async function chatClient(
  db: Db,
  ctx: DocumentReader & { companyId: number },
  chatId: number,
): Promise<ChatClient> {
  const readable = sql.join(
    CHAT_DOCUMENTS.map(
      (type) => sql`WHEN ${type} THEN ${readableDocument(ctx, type, sql`ch.company_id`, sql`ch.document_id`)}`,
    ),
    sql` `,
  );
  const [row] = await queryRows<{
    chat_id: number;
    document_type: string;
    document_id: number | null;
    id: number | null;
    name: string | null;
    phone: string | null;
  }>(
    db,
    sql`SELECT ch.id AS chat_id, ch.document_type, ch.document_id, c.id, c.name, c.phone
        FROM chats ch
        LEFT JOIN orders o ON ch.document_type = 'Order' AND o.company_id = ch.company_id AND o.id = ch.document_id
        LEFT JOIN budgets b ON ch.document_type = 'Budget' AND b.company_id = ch.company_id AND b.id = ch.document_id
        LEFT JOIN orders bo ON bo.company_id = b.company_id AND bo.id = b.order_id
        LEFT JOIN crms cr ON ch.document_type = 'Crm' AND cr.company_id = ch.company_id AND cr.id = ch.document_id
        LEFT JOIN bookings bk ON ch.document_type = 'Booking' AND bk.company_id = ch.company_id AND bk.id = ch.document_id
        LEFT JOIN clients c ON c.company_id = ch.company_id AND c.id = COALESCE(o.client_id, bo.client_id, cr.client_id, bk.client_id)
        WHERE ch.company_id = ${ctx.companyId} AND ch.id = ${chatId} AND CASE ch.document_type ${readable} ELSE false END`,
  );
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: CHAT_NOT_FOUND });
  return {
    chat_id: row.chat_id,
    document_type: row.document_type,
    document_id: row.document_id,
    client: row.id !== null ? { id: row.id, name: row.name ?? "", phone: row.phone } : null,
  };
}
