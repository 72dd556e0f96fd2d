// The chat's copy of its document's finished state, written by the document's owner when the state changes (an
// order moved to or out of a finished status), so the row's check and its archive follow without an open.
import type { ChatDocument } from "@taller/core";
import { queryRows } from "@taller/db";
import type { Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";

/**
 * In the caller's transaction: the document's chat (if it has one) takes `finished`; a chat whose document finishes
 * is archived and one that reopens is listed again, as chat.open does (the members' copies follow by trigger).
 */
export async function documentFinished(
  tx: Transaction,
  companyId: number,
  document: { type: ChatDocument; id: number },
  finished: boolean,
): Promise<void> {
  await queryRows(
    tx.db,
    sql`UPDATE chats SET finished = ${finished}, listed = ${!finished}, updated_at = now()
        WHERE company_id = ${companyId} AND document_type = ${document.type} AND document_id = ${document.id}
          AND finished IS DISTINCT FROM ${finished}`,
  );
}
