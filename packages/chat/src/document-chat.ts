// A document's chat row: written by chat.open (refreshing what it copies from the document) and, through
// createDocumentChat, by other domains in their own transaction: orders' createOrder for the order it creates, and
// messaging for the document a client's WhatsApp message answers.
import { present, type ChatDocument } from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import type { Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { documentFacts, type DocumentFacts } from "./documents";

/** The document's chat with these facts, created or refreshed (written only when they changed); its id. */
export async function upsertDocumentChat(
  db: Db,
  companyId: number,
  type: ChatDocument,
  id: number,
  facts: DocumentFacts,
): Promise<number> {
  await queryRows(
    db,
    sql`INSERT INTO chats (company_id, document_type, document_id, title, subtitle, correlative_id, picture, finished, listed)
        VALUES (${companyId}, ${type}, ${id}, ${facts.title}, ${facts.subtitle},
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
    db,
    sql`SELECT id FROM chats WHERE company_id = ${companyId} AND document_type = ${type} AND document_id = ${id}`,
  );
  return present(chat, "the chat just upserted").id;
}

/**
 * The chat of a document, in the caller's transaction (the 'the order with … its chat'), with its title and
 * the rest copied from the document; nobody is a member until they open it. Idempotent: a second call finds the same
 * row. Null when the company has no such document (a WhatsApp reply about a document deleted since).
 */
export async function createDocumentChat(
  tx: Transaction,
  companyId: number,
  type: ChatDocument,
  id: number,
): Promise<number | null> {
  const facts = await documentFacts(tx.db, companyId, type, id);
  return facts ? upsertDocumentChat(tx.db, companyId, type, id, facts) : null;
}
