// How CRM managements follow their bookings: the CRM's periodic sweep (jobs.ts), and the client's booking page and
// the staff's 'Agendar Vehículo' / 'Reagendar' (@taller/booking, after crm in DOMAIN_ORDER), which move their
// management at once. The sweep's statements stay SQL: one set-based UPDATE per pass over every company.
import { crms, intArray, queryRows, type Db } from "@taller/db";
import { and, eq, sql, type SQL } from "drizzle-orm";

export interface ChangedManagement {
  id: number;
  company_id: number;
}

/** The state a booking is in, as the managements follow it. */
export const bookingState = (b: string) =>
  sql.raw(`CASE WHEN ${b}.order_id IS NOT NULL OR ${b}.check_in_time IS NOT NULL THEN 'checked_in'
                WHEN ${b}.cancelled_at IS NOT NULL THEN 'cancelled' WHEN ${b}.non_attendance THEN 'no_show' WHEN ${b}.confirmed THEN 'confirmed' ELSE 'pending' END`);

/** The company's first status of a category (statuses.crm_category), by position. */
export const crmStatusOf = (company: SQL, category: SQL) =>
  sql`(SELECT s.id FROM statuses s WHERE s.company_id = ${company} AND s.type = 'Crm::Booking' AND s.crm_category = ${category}
       ORDER BY s.position, s.id LIMIT 1)`;

/**
 * Moves managements along their booking. Retentions and absences without a booking take the vehicle's first
 * booking made after they opened (the client booked through the link or called in). Then, when the booking's state
 * differs from the one last applied (so a status chosen by hand stands until the booking changes again):
 * follow-ups: pending -> initial, confirmed -> booked, checked in -> completed, no-show or cancelled -> failed;
 * absences: booked until checked in, then completed ('Recuperado'); retentions: completed ('Agendado') once booked
 * (a cancelled booking lets go of them: releaseCancelledBooking). A check-in
 * records the order's total as the recovered amount. `only` limits the pass to some managements of one company (a
 * booking made or moved for them moves them at once, not on the next run).
 */
export async function advanceManagements(
  db: Db,
  only?: { companyId: number; crmIds: readonly number[] },
): Promise<ChangedManagement[]> {
  if (only?.crmIds.length === 0) return [];
  const scope = (c: string) =>
    only
      ? sql`AND ${sql.raw(c)}.company_id = ${only.companyId} AND ${sql.raw(c)}.id = ANY(${intArray(only.crmIds)})`
      : sql``;
  const nextBooking = sql`(SELECT b.id FROM bookings b
      WHERE b.company_id = c.company_id AND b.vehicle_id = c.vehicle_id AND NOT b.rescheduled AND b.cancelled_at IS NULL
        AND b.created_at > c.created_at AND b.id IS DISTINCT FROM c.source_booking_id
      ORDER BY b.created_at, b.id LIMIT 1)`;
  const linked = await queryRows<ChangedManagement>(
    db,
    sql`UPDATE crms c SET booking_id = ${nextBooking}, updated_at = now()
        WHERE c.kind IN ('retention', 'absence') AND c.booking_id IS NULL AND c.vehicle_id IS NOT NULL
          AND c.category IN ('initial', 'on_hold') AND ${nextBooking} IS NOT NULL ${scope("c")}
        RETURNING c.id, c.company_id`,
  );
  const state = bookingState("b");
  const moved = await queryRows<ChangedManagement>(
    db,
    sql`UPDATE crms c SET booking_state = t.state,
               status_id = coalesce(${crmStatusOf(sql`c.company_id`, sql`t.category`)}, c.status_id),
               on_hold = false,
               recovered_amount = CASE WHEN t.state = 'checked_in' THEN coalesce(t.total, c.estimated_amount) ELSE c.recovered_amount END,
               updated_at = now()
        FROM (
          SELECT c2.id, st.state, o.total,
                 CASE c2.kind
                   WHEN 'booking' THEN CASE st.state WHEN 'pending' THEN 'initial' WHEN 'confirmed' THEN 'booked'
                                                     WHEN 'checked_in' THEN 'completed' ELSE 'failed' END
                   WHEN 'absence' THEN CASE st.state WHEN 'checked_in' THEN 'completed' WHEN 'no_show' THEN NULL
                                                     WHEN 'cancelled' THEN NULL ELSE 'booked' END
                   ELSE CASE st.state WHEN 'no_show' THEN NULL WHEN 'cancelled' THEN NULL ELSE 'completed' END
                 END AS category
          FROM crms c2
          JOIN bookings b ON b.company_id = c2.company_id AND b.id = c2.booking_id
          LEFT JOIN orders o ON o.company_id = b.company_id AND o.id = b.order_id
          CROSS JOIN LATERAL (SELECT ${state} AS state) st
          WHERE c2.booking_state IS DISTINCT FROM st.state ${scope("c2")}
        ) t
        WHERE c.id = t.id AND t.category IS NOT NULL
        RETURNING c.id, c.company_id`,
  );
  return [...linked, ...moved];
}

/**
 * A booking moved (staff 'Reagendar', the client re-booking from a link): the managements that followed the old
 * booking follow the new one, and move along at once. Answers the managements it moved.
 */
export async function followMovedBooking(db: Db, companyId: number, fromId: number, toId: number): Promise<number[]> {
  const moved = await db
    .update(crms)
    .set({ bookingId: toId, updatedAt: sql`now()` })
    .where(and(eq(crms.companyId, companyId), eq(crms.bookingId, fromId)))
    .returning({ id: crms.id });
  const ids = moved.map((m) => m.id);
  await advanceManagements(db, { companyId, crmIds: ids });
  return ids;
}

/** A booking made for a management (its client link, 'Agendar Vehículo'): the management follows it at once. */
export async function tieBooking(db: Db, companyId: number, crmId: number, bookingId: number): Promise<void> {
  await db
    .update(crms)
    .set({ bookingId, updatedAt: sql`now()` })
    .where(and(eq(crms.companyId, companyId), eq(crms.id, crmId)));
  await advanceManagements(db, { companyId, crmIds: [crmId] });
}

/**
 * A booking cancelled ('Anular'): the retentions and absences it had taken up are open again (no booking, the
 * company's first 'initial' status), so the next booking of the vehicle takes them up; its follow-ups fail. Answers
 * the managements it moved.
 */
export async function releaseCancelledBooking(db: Db, companyId: number, bookingId: number): Promise<number[]> {
  const reopened = await queryRows<{ id: number }>(
    db,
    sql`UPDATE crms c SET booking_id = NULL, booking_state = NULL,
               status_id = coalesce(${crmStatusOf(sql`c.company_id`, sql`'initial'`)}, c.status_id), updated_at = now()
        WHERE c.company_id = ${companyId} AND c.booking_id = ${bookingId} AND c.kind IN ('retention', 'absence')
        RETURNING c.id`,
  );
  const followUps = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM crms WHERE company_id = ${companyId} AND booking_id = ${bookingId} AND kind = 'booking'`,
  );
  await advanceManagements(db, { companyId, crmIds: followUps.map((f) => f.id) });
  return [...reopened, ...followUps].map((m) => m.id);
}
