import { sql, type SQL } from "drizzle-orm";

/**
 * Who wrote a client's message (author_type 'Client', a WhatsApp message that became a comment): the contact's client
 * by name, else the phone it came from; null for every other author. `comment` is the SQL alias of a chat_comments
 * row (code-chosen, never input). One index lookup per message (whatsapp_inbound_comment_idx).
 */
export function clientAuthorName(comment: "c" | "r" | "lc"): SQL {
  const c = sql.raw(comment);
  return sql`CASE WHEN ${c}.author_type = 'Client' THEN (
      SELECT coalesce(nullif(cl.name, ''), wc.phone)
      FROM whatsapp_inbound wi
      JOIN whatsapp_contacts wc ON wc.company_id = wi.company_id AND wc.id = wi.contact_id
      LEFT JOIN clients cl ON cl.company_id = wc.company_id AND cl.id = wc.client_id
      WHERE wi.company_id = ${c}.company_id AND wi.comment_id = ${c}.id
      LIMIT 1) END`;
}
