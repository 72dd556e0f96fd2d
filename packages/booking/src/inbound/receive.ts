// A booking that arrived by e-mail, once the HTTP endpoint (apps/server/src/inbound-mail.ts) has found the company
// by its key and turned the message into text: read by the layout, stored once per Message-ID, announced.
import { externalMails, queryRows, type Db } from "@taller/db";
import { withTransaction, type EventBus } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { htmlToText } from "./html-text";
import { parseBookingMail } from "./mail-layout";

export interface InboundBookingMail {
  /** The message's Message-ID, or a digest of the message when it has none: the same mail is stored once. */
  messageId: string;
  /** The message's plain text part, and its HTML (read when there is no text). */
  text: string | null;
  html: string | null;
}

export type ReceiveResult =
  { status: "created"; id: number } | { status: "duplicate" } | { status: "invalid"; reason: string };

/** Longest Message-ID kept (RFC 5322 lines are at most 998 characters). */
const MAX_MESSAGE_ID = 998;

export async function receiveBookingMail(
  deps: { db: Db; bus: EventBus },
  companyId: number,
  mail: InboundBookingMail,
): Promise<ReceiveResult> {
  const parsed = parseBookingMail(mail.text?.trim() ? mail.text : htmlToText(mail.html ?? ""));
  if (!parsed.ok) return { status: "invalid", reason: parsed.reason };
  const messageId = mail.messageId.slice(0, MAX_MESSAGE_ID);
  return withTransaction(deps, async (tx) => {
    // The location named in the mail, matched like a search (case and accents ignored); unknown: kept as a name.
    const name = parsed.data.location_name;
    const [location] = name
      ? await queryRows<{ id: number }>(
          tx.db,
          sql`SELECT id FROM locations WHERE company_id = ${companyId} AND search_fold(name) = search_fold(${name}) ORDER BY id LIMIT 1`,
        )
      : [];
    const [created] = await tx.db
      .insert(externalMails)
      .values({ companyId, locationId: location?.id ?? null, data: parsed.data, messageId })
      .onConflictDoNothing({ target: [externalMails.companyId, externalMails.messageId] })
      .returning({ id: externalMails.id });
    if (created) {
      await tx.emit({ type: "booking.external_mails_changed", companyId, payload: { ids: [created.id] } });
      return { status: "created", id: created.id };
    }
    // Already received (a retry, a second delivery): the sender must not try again, and nothing changed.
    return { status: "duplicate" };
  });
}
