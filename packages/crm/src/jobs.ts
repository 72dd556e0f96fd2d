// Where managements come from (issue 11; the spec does not show it). Set-based sweeps over every company, run by
// the shared scheduler (@taller/trpc startJobs) on timers: each is idempotent (the inserts are guarded by the
// unique indexes crms_follow_up_idx, crms_absence_idx and crms_retention_idx; the updates by crms.booking_state),
// so running twice, or on two server processes, creates nothing twice. The jobs read bookings rather than bookings
// calling the CRM: a booking written by any path (agenda, client page, e-mail, a future import) is picked up the same
// way (the agenda moves its own management at once through write/advance.ts, the pass the sweep runs).
import { todayIn } from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import type { PeriodicJob, Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { advanceManagements } from "./write/advance";

/** Bookings older than this are history: the sweeps do not open managements for them. */
export const LOOKBACK_DAYS = 60;

interface Changed {
  id: number;
  company_id: number;
}

/** Announces what a sweep created or moved, per company, 100 ids per event. */
async function announceAll(tx: Transaction, rows: readonly Changed[]): Promise<void> {
  const byCompany = new Map<number, number[]>();
  for (const r of rows) byCompany.set(r.company_id, [...(byCompany.get(r.company_id) ?? []), r.id]);
  for (const [companyId, ids] of byCompany) {
    for (let i = 0; i < ids.length; i += 100)
      await tx.emit({ type: "crm.changed", companyId, payload: { ids: ids.slice(i, i + 100) } });
  }
}

/**
 * Booking follow-ups: every booking made by staff or by the client (not through a management's own link nor its
 * 'Agendar Vehículo': those belong to that management) opens one, 'Sistema' unless a staff member made the booking. A
 * rescheduled booking's follow-up moves to the new booking.
 */
export async function generateFollowUps(db: Db, now: Date): Promise<Changed[]> {
  const since = todayIn(undefined, new Date(now.getTime() - LOOKBACK_DAYS * 86400_000));
  const moved = await queryRows<Changed>(
    db,
    sql`UPDATE crms c SET booking_id = b.rescheduled_for, updated_at = now()
        FROM bookings b
        WHERE c.kind = 'booking' AND b.company_id = c.company_id AND b.id = c.booking_id
          AND b.rescheduled AND b.rescheduled_for IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM crms o WHERE o.company_id = c.company_id AND o.kind = 'booking' AND o.booking_id = b.rescheduled_for)
        RETURNING c.id, c.company_id`,
  );
  const created = await queryRows<Changed>(
    db,
    sql`INSERT INTO crms (company_id, kind, client_id, vehicle_id, requirement_id, location_id, booking_id, user_id,
                          generated_by, estimated_amount, booking_state)
        SELECT b.company_id, 'booking', b.client_id, b.vehicle_id, b.requirement_id, b.location_id, b.id, b.user_id,
               b.created_by, coalesce(r.price, 0), 'pending'
        FROM bookings b
        LEFT JOIN requirements r ON r.company_id = b.company_id AND r.id = b.requirement_id
        WHERE b.booking_date >= ${since}::date AND NOT b.rescheduled AND b.cancelled_at IS NULL AND b.booking_type = 'booking'
          AND coalesce(b."from", '') <> 'crm-addon' AND b.rescheduled_from IS NULL
          -- A booking some management follows already (one made for it from the management) opens no second one.
          AND NOT EXISTS (SELECT 1 FROM crms c WHERE c.company_id = b.company_id AND c.booking_id = b.id)
        ON CONFLICT (company_id, booking_id) WHERE kind = 'booking' DO NOTHING
        RETURNING id, company_id`,
  );
  return [...moved, ...created];
}

/**
 * Absences: a booking marked as no-show, or whose day has passed without a check-in, opens one for its client and
 * vehicle ('Sistema').
 */
export async function generateAbsences(db: Db, now: Date): Promise<Changed[]> {
  const today = todayIn(undefined, now);
  const since = todayIn(undefined, new Date(now.getTime() - LOOKBACK_DAYS * 86400_000));
  return queryRows<Changed>(
    db,
    sql`INSERT INTO crms (company_id, kind, client_id, vehicle_id, requirement_id, location_id, source_booking_id,
                          user_id, estimated_amount)
        SELECT b.company_id, 'absence', b.client_id, b.vehicle_id, b.requirement_id, b.location_id, b.id, b.user_id,
               coalesce(r.price, 0)
        FROM bookings b
        LEFT JOIN requirements r ON r.company_id = b.company_id AND r.id = b.requirement_id
        WHERE b.booking_date >= ${since}::date AND NOT b.rescheduled AND b.cancelled_at IS NULL AND b.booking_type = 'booking'
          AND b.order_id IS NULL AND b.check_in_time IS NULL
          AND (b.non_attendance OR b.booking_date < ${today}::date)
          AND (b.client_id IS NOT NULL OR b.vehicle_id IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM crms c WHERE c.company_id = b.company_id AND c.kind = 'absence' AND c.source_booking_id = b.id)
        ON CONFLICT (company_id, source_booking_id) WHERE kind = 'absence' DO NOTHING
        RETURNING id, company_id`,
  );
}

/**
 * Retentions: a vehicle whose last order's requirement names a next one is due once the months have passed since
 * that order, or its kilometres have grown by the rule's distance; unless it has an open management or a booking
 * to come. One retention per (order, requirement). A cancelled order (the company's cancel status) is no visit:
 * it raises none.
 */
export async function generateRetentions(db: Db, now: Date): Promise<Changed[]> {
  const today = todayIn(undefined, now);
  return queryRows<Changed>(
    db,
    sql`INSERT INTO crms (company_id, kind, client_id, vehicle_id, from_requirement_id, requirement_id, last_order_id,
                          location_id, scheduled_for, estimated_amount)
        SELECT d.company_id, 'retention', d.client_id, d.vehicle_id, d.requirement_id, d.next_requirement_id, d.id,
               d.location_id, least(d.due_by_time, ${today}::date), d.price
        FROM (
          SELECT lo.*, nr.price, r.next_requirement_id, v.kms AS vehicle_kms, r.next_after_kms,
                 CASE WHEN r.next_after_months IS NULL THEN NULL
                      ELSE ((lo.check_in_time AT TIME ZONE 'America/Santiago')::date + make_interval(months => r.next_after_months))::date
                 END AS due_by_time
          FROM (
            SELECT DISTINCT ON (o.company_id, o.vehicle_id) o.id, o.company_id, o.vehicle_id, o.client_id, o.requirement_id,
                   o.location_id, o.check_in_time, o.kms
            FROM orders o WHERE o.vehicle_id IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM statuses s WHERE s.company_id = o.company_id AND s.id = o.status_id AND s.cancel)
            ORDER BY o.company_id, o.vehicle_id, o.check_in_time DESC, o.id DESC
          ) lo
          JOIN requirements r ON r.company_id = lo.company_id AND r.id = lo.requirement_id AND r.next_requirement_id IS NOT NULL
          JOIN requirements nr ON nr.company_id = r.company_id AND nr.id = r.next_requirement_id
          JOIN vehicles v ON v.company_id = lo.company_id AND v.id = lo.vehicle_id
        ) d
        WHERE (d.due_by_time <= ${today}::date
               OR d.next_after_kms IS NOT NULL AND d.kms IS NOT NULL AND d.vehicle_kms >= d.kms + d.next_after_kms)
          AND NOT EXISTS (SELECT 1 FROM crms c WHERE c.company_id = d.company_id AND c.vehicle_id = d.vehicle_id
                          AND c.category IN ('initial', 'on_hold', 'booked'))
          AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.company_id = d.company_id AND b.vehicle_id = d.vehicle_id
                          AND NOT b.rescheduled AND b.cancelled_at IS NULL AND b.booking_date >= ${today}::date)
        ON CONFLICT (company_id, last_order_id, requirement_id) WHERE kind = 'retention' DO NOTHING
        RETURNING id, company_id`,
  );
}

/** The CRM's periodic jobs, started by apps/server through the shared scheduler. */
export const crmJobs: PeriodicJob[] = [
  {
    name: "crm.bookings",
    lockKey: 1,
    everyMs: 60_000,
    async run(tx, now) {
      const followUps = await generateFollowUps(tx.db, now);
      const absences = await generateAbsences(tx.db, now);
      const advanced = await advanceManagements(tx.db);
      await announceAll(tx, [...followUps, ...absences, ...advanced]);
      return { follow_ups: followUps.length, absences: absences.length, advanced: advanced.length };
    },
  },
  {
    name: "crm.retentions",
    lockKey: 2,
    // Reading every vehicle's last order is the heaviest sweep; clients fall due by the day.
    everyMs: 60 * 60_000,
    async run(tx, now) {
      const retentions = await generateRetentions(tx.db, now);
      await announceAll(tx, retentions);
      return { retentions: retentions.length };
    },
  },
];
