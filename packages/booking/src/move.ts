// Moving a booking (staff 'Reagendar' and a client re-booking from the link): the old booking is marked
// 'Reagendado' first, freeing its place inside this transaction, then the new one is placed under the day's lock
// as any booking is, the two are linked both ways, and the CRM managements following it move with it.
import { BOOKING_ERRORS } from "@taller/core";
import { followMovedBooking } from "@taller/crm";
import { bookings } from "@taller/db";
import { fieldError, type Transaction } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { copyAddons } from "./addons";
import { bookingByKey, placeBooking, type BookingWrite } from "./book";
import { assertOpen, type LockedBooking } from "./transitions";

/**
 * Moves a locked booking: answers the new booking's id. A repeated call with the same idempotency key finds the
 * booking it made (the old one is rescheduled by then) and answers it instead of refusing.
 */
export async function moveBooking(
  tx: Transaction,
  old: LockedBooking,
  next: Omit<
    BookingWrite,
    "rescheduledFrom" | "clientId" | "vehicleId" | "requirementId" | "locationId" | "bookingType"
  >,
): Promise<number> {
  if (
    old.rescheduled &&
    old.rescheduled_for !== null &&
    (await bookingByKey(tx.db, next.companyId, next.idempotencyKey)) === old.rescheduled_for
  ) {
    return old.rescheduled_for;
  }
  assertOpen(old);
  const where = and(eq(bookings.companyId, next.companyId), eq(bookings.id, old.id));
  await tx.db.update(bookings).set({ rescheduled: true, updatedAt: new Date() }).where(where);
  const placed = await placeBooking(tx, {
    ...next,
    clientId: old.client_id,
    vehicleId: old.vehicle_id,
    requirementId: old.requirement_id,
    locationId: old.location_id,
    bookingType: old.booking_type,
    rescheduledFrom: old.id,
  });
  // The key made another booking before: it cannot name this move too.
  if (!placed.created) throw fieldError("CONFLICT", "idempotency_key", BOOKING_ERRORS.keyReused);
  if (!next.addons) await copyAddons(tx.db, next.companyId, old.id, placed.id);
  await tx.db.update(bookings).set({ rescheduledFor: placed.id }).where(where);
  // Managements following the old booking (its follow-up, a retention or absence it recovered) follow the new one.
  const managements = await followMovedBooking(tx.db, next.companyId, old.id, placed.id);
  if (managements.length > 0)
    await tx.emit({ type: "crm.changed", companyId: next.companyId, payload: { ids: managements } });
  return placed.id;
}
