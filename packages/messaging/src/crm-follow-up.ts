// The CRM follow-up notification (issue 11: automatic client reminders). Each management the CRM's jobs open for a
// client with a phone (retention, absence, booking follow-up), still 'En Gestión' and not on the waiting list, gets
// one WhatsApp message with the company's approved 'crm_follow_up' template, carrying a fresh booking link. A
// template is what the 24-hour rule allows outside the window, so the send never depends on it. crm_token links are
// stored hashed: the link exists only here, when it is minted, and travels in the message's values (the outbox row
// and the chat's WhatsApp dialog show it; nothing else can rebuild it). Without a plan, an approved template or a
// phone nothing is sent, no link is minted, and the management's detail says why (crm.get `reminder`).
import { randomBytes } from "node:crypto";
import { CRM_FOLLOW_UP_DAYS, trimEndOf } from "@taller/core";
import { documentTokens, queryRows, type Db } from "@taller/db";
import { sha256, type PeriodicJob } from "@taller/trpc";
import { eq, sql } from "drizzle-orm";
import { queueNotification } from "./notify";
import { deliverAfterCommit } from "./outbound";

/** How long a reminder's booking link opens its management. */
export const CRM_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The dedupe key of a management's follow-up message (one per management, however often the sweep runs). */
export const crmFollowUpKey = (crmId: number) => `crm_follow_up:${crmId}`;

/**
 * Every 5 minutes, one process at a time. Values, in order: client name, requirement, plate, booking link.
 * `publicUrl`: where clients reach this server (PUBLIC_URL, else the local address).
 */
export const crmFollowUpJob = (db: Db, publicUrl: string): PeriodicJob => ({
  name: "whatsapp-crm-follow-up",
  lockKey: 33,
  everyMs: 5 * 60_000,
  async run(tx, now) {
    const due = await queryRows<{
      id: number;
      company_id: number;
      client_id: number;
      name: string;
      requirement: string | null;
      identifier: string | null;
    }>(
      tx.db,
      sql`SELECT c.id, c.company_id, c.client_id, cl.name, r.name AS requirement, v.identifier
          FROM crms c
          JOIN whatsapp_configs w ON w.company_id = c.company_id AND w.active
          JOIN notification_templates t ON t.company_id = c.company_id AND t.notification = 'crm_follow_up' AND t.whatsapp_status = 'approved' AND t.whatsapp_active
          JOIN clients cl ON cl.company_id = c.company_id AND cl.id = c.client_id AND cl.phone IS NOT NULL
          LEFT JOIN requirements r ON r.company_id = c.company_id AND r.id = c.requirement_id
          LEFT JOIN vehicles v ON v.company_id = c.company_id AND v.id = c.vehicle_id
          WHERE c.category = 'initial' AND c.created_at > ${now.toISOString()}::timestamptz - make_interval(days => ${CRM_FOLLOW_UP_DAYS})
            AND NOT EXISTS (SELECT 1 FROM whatsapp_messages m WHERE m.company_id = c.company_id AND m.dedupe_key = 'crm_follow_up:' || c.id)
          ORDER BY c.created_at LIMIT 500`,
    );
    const base = trimEndOf(publicUrl, "/");
    const queued: { companyId: number; id: number }[] = [];
    for (const c of due) {
      const token = randomBytes(24).toString("base64url");
      const [row] = await tx.db
        .insert(documentTokens)
        .values({
          companyId: c.company_id,
          kind: "crm_token",
          tokenHash: sha256(token),
          documentType: "Crm",
          documentId: c.id,
          expiresAt: new Date(now.getTime() + CRM_LINK_TTL_MS),
        })
        .returning({ id: documentTokens.id });
      const result = await queueNotification(tx, {
        companyId: c.company_id,
        notification: "crm_follow_up",
        clientId: c.client_id,
        values: [c.name, c.requirement ?? "", c.identifier ?? "", `${base}/client/booking?crm_token=${token}`],
        documentType: "Crm",
        documentId: c.id,
        dedupeKey: crmFollowUpKey(c.id),
      });
      if ("queued" in result) queued.push({ companyId: c.company_id, id: result.queued });
      // Not sent (a phone WhatsApp cannot take): the link was never given to anyone.
      else if (row) await tx.db.delete(documentTokens).where(eq(documentTokens.id, row.id));
    }
    deliverAfterCommit(tx, db, queued);
    return { due: due.length, queued: queued.length };
  },
});
