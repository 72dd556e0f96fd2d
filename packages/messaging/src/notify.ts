// The company's notifications through WhatsApp: the sweeps (booking reminder, CRM follow-up, jobs.ts) and the
// documents' moments (booking confirmation, order received, budget ready, payment link: document-notifications.ts)
// all queue here. A notification goes out only with the company's approved, active template for it and to a client
// with a usable phone; otherwise nothing is queued (the answer says why). Sent once per dedupe key however often the
// caller runs.
import { templatePlaceholders, whatsappNumber, type NotificationKind } from "@taller/core";
import { notificationTemplates, queryRows } from "@taller/db";
import type { Transaction } from "@taller/trpc";
import { and, eq, sql } from "drizzle-orm";
import { activeConfig, contactFor, queueMessage } from "./outbound";

export interface NotifyRequest {
  companyId: number;
  notification: NotificationKind;
  clientId: number;
  /** Values in the notification's fixed order; the template's {{1}}..{{n}} take the first n. */
  values: string[];
  documentType: "Order" | "Budget" | "Crm" | "Booking";
  documentId: number;
  dedupeKey: string;
}

export type NotifyResult =
  { queued: number } | { skipped: "duplicate" | "no_plan" | "no_template" | "no_phone" | "too_many_placeholders" };

/** Queues the notification in the caller's transaction; the caller delivers it after COMMIT (deliverMessage). */
export async function queueNotification(tx: Transaction, req: NotifyRequest): Promise<NotifyResult> {
  if (!(await activeConfig(tx.db, req.companyId))) return { skipped: "no_plan" };
  const [template] = await tx.db
    .select()
    .from(notificationTemplates)
    .where(
      and(eq(notificationTemplates.companyId, req.companyId), eq(notificationTemplates.notification, req.notification)),
    );
  if (!template || template.whatsappStatus !== "approved" || !template.whatsappActive)
    return { skipped: "no_template" };
  const count = templatePlaceholders(template.text).length;
  if (count > req.values.length) return { skipped: "too_many_placeholders" };
  const [client] = await queryRows<{ phone: string | null }>(
    tx.db,
    sql`SELECT phone FROM clients WHERE company_id = ${req.companyId} AND id = ${req.clientId}`,
  );
  const phone = whatsappNumber(client?.phone);
  if (!phone) return { skipped: "no_phone" };
  const contactId = await contactFor(tx.db, req.companyId, phone, req.clientId);
  // Queued before: whoever queued it delivers it (a second delivery could reach the provider twice). Checked after
  // contactFor, whose upsert holds the contact's row until COMMIT: a concurrent request for the same key (same
  // document, same client) waits there and then sees the first one's message.
  const [seen] = await queryRows<{ id: number }>(
    tx.db,
    sql`SELECT id FROM whatsapp_messages WHERE company_id = ${req.companyId} AND dedupe_key = ${req.dedupeKey}`,
  );
  if (seen) return { skipped: "duplicate" };
  const id = await queueMessage(tx, {
    companyId: req.companyId,
    contactId,
    content: { kind: "template", templateId: template.id, variables: req.values.slice(0, count).map((v) => v || "-") },
    documentType: req.documentType,
    documentId: req.documentId,
    dedupeKey: req.dedupeKey,
  });
  return { queued: id };
}
