// A booking's transitions (confirm, no-show, reschedule, check-in, cancel) start here: the row is locked for the
// transaction, so two transitions of one booking run one after the other and each sees the other's result.
import { BOOKING_ERRORS, type Action, type BookingKind } from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import { TRPCError, userError, type DocumentReader, type Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { readBookings, withAddons, type BookingWithAddons } from "./booking-rows";
import { ownBookingCondition } from "./own";

export interface LockedBooking {
  id: number;
  client_id: number | null;
  vehicle_id: number | null;
  requirement_id: number | null;
  location_id: number | null;
  user_id: number | null;
  booking_date: string;
  booking_time: string;
  duration: number;
  comment: string | null;
  from: string | null;
  booking_type: BookingKind;
  confirmed: boolean;
  non_attendance: boolean;
  rescheduled: boolean;
  rescheduled_for: number | null;
  cancelled: boolean;
  order_id: number | null;
  checked_in: boolean;
  started: boolean;
}

/** The booking, locked FOR UPDATE; NOT_FOUND for another company's, or not one's own under "own only" (ownerId). */
export async function lockBooking(
  db: Db,
  companyId: number,
  id: number,
  ownerId: number | null,
): Promise<LockedBooking> {
  const [row] = await queryRows<LockedBooking>(
    db,
    sql`SELECT b.id, b.client_id, b.vehicle_id, b.requirement_id, b.location_id, b.user_id, b.booking_date::text AS booking_date,
               to_char(b.booking_time, 'HH24:MI') AS booking_time, b.duration, b.comment, b."from", b.booking_type,
               b.confirmed, b.non_attendance, b.rescheduled, b.rescheduled_for, b.cancelled_at IS NOT NULL AS cancelled, b.order_id,
               (b.order_id IS NOT NULL OR b.check_in_time IS NOT NULL) AS checked_in, b.start_at <= now() AS started
        FROM bookings b
        WHERE b.company_id = ${companyId} AND b.id = ${id} AND ${ownBookingCondition(ownerId)}
        FOR UPDATE`,
  );
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: BOOKING_ERRORS.notFound });
  return row;
}

/**
 * The booking a procedure acts on, locked: the caller's company's, and with an own-records grant on `action` only one
 * of the caller's own.
 */
export const lockBookingFor = (
  db: Db,
  ctx: DocumentReader & { companyId: number },
  id: number,
  action: Action,
): Promise<LockedBooking> => lockBooking(db, ctx.companyId, id, ctx.ownOnly(action, "booking") ? ctx.user.id : null);

/** Refuses a transition on a booking that was cancelled, moved or received: those are final. */
export function assertOpen(b: LockedBooking): void {
  if (b.cancelled) throw userError("CONFLICT", BOOKING_ERRORS.cancelled);
  if (b.rescheduled) throw userError("CONFLICT", BOOKING_ERRORS.rescheduled);
  if (b.checked_in) throw userError("CONFLICT", BOOKING_ERRORS.checkedIn);
}

/** Announces the changed bookings (after COMMIT) and answers the first as its detail reads. */
export async function changed(tx: Transaction, companyId: number, ids: number[]): Promise<BookingWithAddons> {
  await tx.emit({ type: "booking.changed", companyId, payload: { ids } });
  return detail(tx.db, companyId, ids[0] ?? 0);
}

export async function detail(db: Db, companyId: number, id: number): Promise<BookingWithAddons> {
  const [booking] = await readBookings(db, companyId, sql`b.id = ${id}`, 1);
  if (!booking) throw new TRPCError({ code: "NOT_FOUND", message: BOOKING_ERRORS.notFound });
  return withAddons(db, companyId, booking);
}
