// The chat's header as the detail shows it, with the caller's read state.
import type { ChatHeader } from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import { sql } from "drizzle-orm";
import { documentStatusColumn, documentStatusJoin } from "./document-status";
import { documentView } from "./documents";

type HeaderRow = Omit<ChatHeader, "view">;

export async function readHeader(db: Db, companyId: number, userId: number, chatId: number): Promise<ChatHeader> {
  const [row] = await queryRows<HeaderRow>(
    db,
    sql`SELECT ch.id, ch.document_type, ch.document_id, ch.super_type, ch.title, ch.subtitle, ch.correlative_id, ch.picture,
               ch.listed, ch.finished, ${documentStatusColumn}, coalesce(m.unread, 0) AS unread, coalesce(m.mention, 0) AS mention, m.last_read_comment_id
        FROM chats ch LEFT JOIN chat_members m ON m.chat_id = ch.id AND m.user_id = ${userId}
        ${documentStatusJoin}
        WHERE ch.company_id = ${companyId} AND ch.id = ${chatId}`,
  );
  if (!row) throw new Error(`chat ${chatId} vanished after its access check`);
  const view =
    row.document_type === "Assistant" || row.document_id === null
      ? null
      : documentView(row.document_type, row.document_id);
  return { ...row, view };
}
