// The messaging package's periodic jobs (packages/trpc/src/scheduler.ts runs them, one process at a time):
// the template status sync (webhooks get lost), the booking reminder, the CRM follow-up (crm-follow-up.ts) and the
// documents' notifications that no process heard (document-notifications.ts).
import { queryRows, whatsappConfigs, type Db } from "@taller/db";
import type { PeriodicJob } from "@taller/trpc";
import { eq, sql } from "drizzle-orm";
import { messagingAdapter } from "./adapter";
import { crmFollowUpJob } from "./crm-follow-up";
import { bookingValues, notificationCatchUpJob } from "./document-notifications";
import { queueNotification } from "./notify";
import { deliverAfterCommit } from "./outbound";
import { applyTemplateStatus } from "./template-status";

export const templateSyncJob: PeriodicJob = {
  name: "whatsapp-template-sync",
  lockKey: 31,
  everyMs: 15 * 60_000,
  async run(tx) {
    const configs = await tx.db.select().from(whatsappConfigs).where(eq(whatsappConfigs.active, true));
    let updated = 0;
    let failed = 0;
    for (const c of configs) {
      try {
        for (const t of await messagingAdapter().templateStatuses(c.gupshupAppId)) {
          if (await applyTemplateStatus(tx, c.companyId, t.id, t.status, t.reason, t.pausedUntil)) updated++;
        }
      } catch {
        failed++;
      }
    }
    return { companies: configs.length, updated, failed };
  },
};

/**
 * Bookings starting within the next 24 hours, still unconfirmed and open, whose client has a phone, in companies
 * with an approved 'booking_reminder' template: the reminder goes out once per booking (dedupe key). Its values, in
 * order: client name, day (dd-mm-yyyy), time (HH:MM), vehicle plate. A 'Si' answer confirms the booking (inbound.ts).
 * A booking whose confirmation was queued within those 24 hours (booked for tomorrow) gets no reminder: the
 * confirmation just asked the same question.
 */
/** `db` delivers the queued reminders after the sweep's COMMIT (the sweep's transaction is gone by then). */
export const bookingReminderJob = (db: Db): PeriodicJob => ({
  name: "whatsapp-booking-reminder",
  lockKey: 32,
  everyMs: 10 * 60_000,
  async run(tx, now) {
    const due = await queryRows<{
      id: number;
      company_id: number;
      client_id: number;
      name: string;
      booking_date: string;
      booking_time: string;
      identifier: string | null;
    }>(
      tx.db,
      sql`SELECT b.id, b.company_id, b.client_id, c.name, b.booking_date::text AS booking_date, to_char(b.booking_time, 'HH24:MI') AS booking_time, v.identifier
          FROM bookings b
          JOIN whatsapp_configs w ON w.company_id = b.company_id AND w.active
          JOIN notification_templates t ON t.company_id = b.company_id AND t.notification = 'booking_reminder' AND t.whatsapp_status = 'approved' AND t.whatsapp_active
          JOIN clients c ON c.company_id = b.company_id AND c.id = b.client_id AND c.phone IS NOT NULL
          LEFT JOIN vehicles v ON v.company_id = b.company_id AND v.id = b.vehicle_id
          WHERE b.start_at > ${now.toISOString()}::timestamptz AND b.start_at <= ${now.toISOString()}::timestamptz + interval '24 hours'
            AND NOT b.confirmed AND NOT b.rescheduled AND NOT b.non_attendance AND b.order_id IS NULL
            AND b.cancelled_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM whatsapp_messages m WHERE m.company_id = b.company_id AND m.dedupe_key = 'booking_reminder:' || b.id)
            AND NOT EXISTS (SELECT 1 FROM whatsapp_messages m WHERE m.company_id = b.company_id AND m.dedupe_key = 'booking_confirmation:' || b.id
                              AND m.created_at > b.start_at - interval '24 hours')
          ORDER BY b.start_at LIMIT 500`,
    );
    const queued: { companyId: number; id: number }[] = [];
    for (const b of due) {
      const result = await queueNotification(tx, {
        companyId: b.company_id,
        notification: "booking_reminder",
        clientId: b.client_id,
        values: bookingValues(b),
        documentType: "Booking",
        documentId: b.id,
        dedupeKey: `booking_reminder:${b.id}`,
      });
      if ("queued" in result) queued.push({ companyId: b.company_id, id: result.queued });
    }
    deliverAfterCommit(tx, db, queued);
    return { due: due.length, queued: queued.length };
  },
});

/** `publicUrl`: the address clients open links at (the CRM follow-up's booking link). */
export const messagingJobs = (db: Db, publicUrl: string): readonly PeriodicJob[] => [
  templateSyncJob,
  bookingReminderJob(db),
  crmFollowUpJob(db, publicUrl),
  notificationCatchUpJob(db, publicUrl),
];
