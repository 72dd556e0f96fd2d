// The one way a booking is read for the agenda, its search and its detail (seed 001 'Agenda booking'), so every
// screen shows the same fields and the same fallbacks.
import type { AgendaBooking, BookingAddon, Instant } from "@taller/core";
import { instantText, queryRows, type Db } from "@taller/db";
import { sql, type SQL } from "drizzle-orm";
import { readAddons } from "./addons";

/** A row as SQL answers it: the detail's fields with the order flat and `completed` not yet derived. */
type Row = Omit<BookingDetail, "completed" | "order"> & {
  order_id: number | null;
  order_correlative_id: number | null;
  order_user_id: number | null;
};

/** A booking with the names its detail shows beside the agenda's fields. */
export interface BookingDetail extends AgendaBooking {
  client_phone: string | null;
  client_email: string | null;
  brand_name: string | null;
  brand_model_name: string | null;
  location_name: string | null;
  user_name: string | null;
  from: string | null;
  created_at: Instant;
  /** 'Anular' (booking.cancel): when and why; a cancelled booking holds no place and leaves the agenda. */
  cancelled_at: Instant | null;
  cancel_reason: string | null;
}

/**
 * Bookings of one company matching `where` (a condition on alias b), ordered by start, at most `limit`. The condition
 * must be selective (a day, ids, a search): this reads every booking it matches. The names are joined for the rows
 * answered only: the bookings are chosen first (a materialized CTE), and clients, vehicles and orders are read per
 * row through LATERAL key lookups (their LIMIT 1 keeps the planner from flattening them into joins, which it may
 * answer with a hash over the whole table), so the plan never scans the company's clients, vehicles or orders,
 * whatever the statistics say.
 */
export async function readBookings(db: Db, companyId: number, where: SQL, limit: number): Promise<BookingDetail[]> {
  const rows = await queryRows<Row>(
    db,
    sql`WITH b AS MATERIALIZED (
          SELECT * FROM bookings b WHERE b.company_id = ${companyId} AND (${where}) ORDER BY b.start_at, b.id LIMIT ${limit}
        )
        SELECT b.id, ${instantText(sql`b.start_at`)} AS start_date, b.booking_date::text AS booking_date,
               to_char(b.booking_time, 'HH24:MI') AS booking_time, b.duration,
               c.id AS client_id, c.name AS client_name, c.rut AS client_rut, c.phone AS client_phone, c.email AS client_email,
               v.id AS vehicle_id, v.identifier, v.brand_name, v.brand_model_name,
               r.id AS requirement_id, r.name AS requirement_name, l.id AS location_id, l.name AS location_name,
               u.id AS user_id, u.name AS user_name, b.booking_type, b.confirmed, b.non_attendance, b.rescheduled,
               b.rescheduled_for, b.rescheduled_from, ${instantText(sql`b.check_in_time`)} AS check_in_time,
               o.id AS order_id, o.correlative_id AS order_correlative_id, o.user_id AS order_user_id,
               b.comment, b."from", ${instantText(sql`b.created_at`)} AS created_at,
               ${instantText(sql`b.cancelled_at`)} AS cancelled_at, b.cancel_reason
        FROM b
        LEFT JOIN LATERAL (
          SELECT c.id, c.name, c.rut, c.phone, c.email FROM clients c WHERE c.company_id = b.company_id AND c.id = b.client_id LIMIT 1
        ) c ON TRUE
        LEFT JOIN LATERAL (
          SELECT v.id, v.identifier, br.name AS brand_name, bm.name AS brand_model_name FROM vehicles v
          LEFT JOIN brands br ON br.company_id = v.company_id AND br.id = v.brand_id
          LEFT JOIN brand_models bm ON bm.company_id = v.company_id AND bm.id = v.brand_model_id
          WHERE v.company_id = b.company_id AND v.id = b.vehicle_id LIMIT 1
        ) v ON TRUE
        LEFT JOIN LATERAL (
          SELECT o.id, o.correlative_id, o.user_id FROM orders o WHERE o.company_id = b.company_id AND o.id = b.order_id LIMIT 1
        ) o ON TRUE
        LEFT JOIN requirements r ON r.company_id = b.company_id AND r.id = b.requirement_id
        LEFT JOIN locations l ON l.company_id = b.company_id AND l.id = b.location_id
        LEFT JOIN users u ON u.company_id = b.company_id AND u.id = b.user_id
        ORDER BY b.start_at, b.id`,
  );
  return rows.map(({ order_id, order_correlative_id, order_user_id, ...r }) => ({
    ...r,
    completed: order_id !== null || r.check_in_time !== null,
    order:
      order_id === null || order_correlative_id === null
        ? null
        : { id: order_id, correlative_id: order_correlative_id, user_id: order_user_id },
  }));
}

/**
 * The month cell's order of compareBookingsForMonth (core) as SQL on alias b: 'Ingresado' (an order or a check-in)
 * 0, then 'Reagendado' 3, 'Inasistencia' 2, 'Confirmado' 1 in bookingDisplayKey's precedence; re-entries and
 * unconfirmed ones unranked (last). The range test checks it against the core rule.
 */
export const monthRank = sql`CASE
  WHEN b.order_id IS NOT NULL OR b.check_in_time IS NOT NULL THEN 0
  WHEN b.rescheduled THEN 3
  WHEN b.non_attendance THEN 2
  WHEN b.booking_type = 'reentry' THEN 4
  WHEN b.confirmed THEN 1
  ELSE 4 END`;

/** The detail (page, dialog, and what a write answers): the booking with its add-ons and their total in pesos. */
export interface BookingWithAddons extends BookingDetail {
  addons: BookingAddon[];
  addons_total: number;
}

export async function withAddons(db: Db, companyId: number, booking: BookingDetail): Promise<BookingWithAddons> {
  const addons = (await readAddons(db, companyId, [booking.id])).get(booking.id) ?? [];
  return { ...booking, addons, addons_total: addons.reduce((sum, a) => sum + a.total, 0) };
}
