// The chat a caller may use: another company's chat, an assistant thread of another user, or the chat of a
// document the caller may not read are all NOT_FOUND (one answer, so ids cannot be probed).
import type { ChatDocumentType } from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import { TRPCError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { readDocument, type ReaderContext } from "./documents";

export const CHAT_NOT_FOUND = "Chat no encontrado";

export interface ChatAccess {
  id: number;
  document_type: ChatDocumentType;
  document_id: number | null;
  owner_id: number | null;
  last_comment_id: number | null;
}

/**
 * The chat if the caller may use it; NOT_FOUND otherwise. `lock` takes the chat's row lock (posting serializes on it).
 */
export async function chatForUser(
  db: Db,
  ctx: ReaderContext,
  chatId: number,
  opts: { lock?: boolean } = {},
): Promise<ChatAccess> {
  const [chat] = await queryRows<ChatAccess>(
    db,
    sql`SELECT id, document_type, document_id, owner_id, last_comment_id FROM chats
        WHERE company_id = ${ctx.companyId} AND id = ${chatId} ${opts.lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (chat && (await mayUse(db, ctx, chat))) return chat;
  throw new TRPCError({ code: "NOT_FOUND", message: CHAT_NOT_FOUND });
}

async function mayUse(db: Db, ctx: ReaderContext, chat: ChatAccess): Promise<boolean> {
  if (chat.document_type === "Assistant") return chat.owner_id === ctx.user.id;
  if (chat.document_id === null) return false;
  return (await readDocument(db, ctx, chat.document_type, chat.document_id)) !== null;
}
