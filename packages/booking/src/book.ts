// Writing a booking: the one path create, reschedule and the client's page take, so "two requests never both take
// the last place of a slot" holds for all of them (docs/domains/booking.md).
//
// 1. A transaction-scoped advisory lock per (company, day) serializes every write that places a booking on that
//    day, across server processes; readers are not blocked. Under READ COMMITTED each later statement sees what
//    the previous holder committed, so the check below counts every booking placed before.
// 2. Inside it, the idempotency key is looked up (a retried 'Agendar' answers the booking it made), the day's facts
//    are read and the pure rule (slots.ts) says whether the slot still fits: the same rule the search offered.
// 3. The insert. For a professional, the exclusion constraint bookings_professional_no_overlap refuses an overlap
//    even from a writer that skipped steps 1-2; its violation becomes the same field error.
import { BOOKING_ERRORS, type AddonsInput, type BookingKind } from "@taller/core";
import { bookings, queryRows, type Db } from "@taller/db";
import { fieldError, findPgCode, TRPCError, type Transaction } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { writeAddons } from "./addons";
import { loadBookingSetup, loadFacts } from "./facts";
import { slotProblem, type SlotProblem } from "./slots";

export interface BookingWrite {
  companyId: number;
  createdBy: number | null;
  from: string;
  clientId: number | null;
  vehicleId: number | null;
  requirementId: number | null;
  locationId: number | null;
  userId: number | null;
  date: string;
  time: string;
  /** Minutes; null: the requirement's duration. */
  duration: number | null;
  comment: string | null;
  bookingType: BookingKind;
  idempotencyKey: string;
  rescheduledFrom: number | null;
  /** The client's page books from tomorrow on (seed 000 section 9). */
  earliestDate?: string;
  /** Add-ons written with the booking (the client's page); a move without them keeps the old booking's. */
  addons?: AddonsInput;
}

/** Serializes the writes that place bookings on one company's day (released at COMMIT or ROLLBACK). */
export async function lockDay(db: Db, companyId: number, date: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`booking:${companyId}:${date}`}, 0))`);
}

/** The booking an idempotency key already made, or null. */
export async function bookingByKey(db: Db, companyId: number, key: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM bookings WHERE company_id = ${companyId} AND idempotency_key = ${key}`,
  );
  return row?.id ?? null;
}

const problemError = (p: SlotProblem) =>
  fieldError(p.message === BOOKING_ERRORS.slotTaken ? "CONFLICT" : "BAD_REQUEST", p.field, p.message);

/**
 * Places a booking under the day's lock; answers its id and whether this call made it (false: the idempotency key
 * had made it already). Throws the form's field error when the slot no longer fits.
 */
export async function placeBooking(tx: Transaction, w: BookingWrite): Promise<{ id: number; created: boolean }> {
  await lockDay(tx.db, w.companyId, w.date);
  const existing = await bookingByKey(tx.db, w.companyId, w.idempotencyKey);
  if (existing !== null) return { id: existing, created: false };
  if (w.earliestDate && w.date < w.earliestDate)
    throw problemError({ field: "booking_date", message: BOOKING_ERRORS.dayUnavailable });

  const {
    settings,
    eligible,
    duration: requirementDuration,
  } = await loadBookingSetup(tx.db, w.companyId, w.requirementId);
  const professional = settings.mode === "professional";
  const userId = professional ? w.userId : null;
  const professionals = professional ? eligible : [];
  const duration = w.duration ?? requirementDuration;
  const facts = await loadFacts(tx.db, w.companyId, {
    from: w.date,
    to: w.date,
    locationId: w.locationId,
    mode: settings.mode,
    professionals: userId === null ? [] : [userId],
  });
  const problem = slotProblem(settings.rules, facts, {
    date: w.date,
    time: w.time,
    duration,
    userId,
    professionals,
    now: Date.now(),
  });
  if (problem) throw problemError(problem);

  try {
    const [row] = await tx.db
      .insert(bookings)
      .values({
        companyId: w.companyId,
        createdBy: w.createdBy,
        from: w.from,
        clientId: w.clientId,
        vehicleId: w.vehicleId,
        requirementId: w.requirementId,
        locationId: w.locationId,
        userId,
        bookingDate: w.date,
        bookingTime: w.time,
        duration,
        comment: w.comment,
        bookingType: w.bookingType,
        idempotencyKey: w.idempotencyKey,
        rescheduledFrom: w.rescheduledFrom,
      })
      .returning({ id: bookings.id });
    if (!row) throw new Error("insert returned no booking");
    if (w.addons) await writeAddons(tx.db, w.companyId, row.id, w.requirementId, w.addons);
    // Every placed booking (agenda, client page, a move) is confirmed to its client by WhatsApp (messaging decides).
    if (w.clientId !== null) {
      await tx.emit({
        type: "notification.requested",
        companyId: w.companyId,
        payload: { notification: "booking_confirmation", documentId: row.id },
      });
    }
    return { id: row.id, created: true };
  } catch (error) {
    // The database's own guarantee (exclusion constraint) speaks the form's language too.
    if (findPgCode(error) === "23P01") throw problemError({ field: "booking_time", message: BOOKING_ERRORS.slotTaken });
    throw error;
  }
}

/** Ids a form names, by what they are. */
export interface OwnIds {
  clientId?: number | null;
  vehicleId?: number | null;
  requirementId?: number | null;
  locationId?: number | null;
  userId?: number | null;
}

/** True (SQL) when every id named belongs to the company; null when none is named. */
export function ownIdsCondition(companyId: number, ids: OwnIds): SQL | null {
  const checks = [
    ["clients", ids.clientId],
    ["vehicles", ids.vehicleId],
    ["requirements", ids.requirementId],
    ["locations", ids.locationId],
    ["users", ids.userId],
  ] as const;
  const wanted = checks.filter(([, id]) => id != null);
  if (wanted.length === 0) return null;
  return sql.join(
    wanted.map(
      ([table, id]) =>
        sql`EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE company_id = ${companyId} AND id = ${id})`,
    ),
    sql` AND `,
  );
}

export const notOwned = () => new TRPCError({ code: "NOT_FOUND", message: "No encontrado" });

/**
 * The ids a form names, checked against the caller's company: another company's id is NOT_FOUND (the composite
 * foreign keys would refuse it anyway, as a less helpful 'Datos inválidos').
 */
export async function assertOwnIds(db: Db, companyId: number, ids: OwnIds): Promise<void> {
  const condition = ownIdsCondition(companyId, ids);
  if (!condition) return;
  const [row] = await queryRows<{ ok: boolean }>(db, sql`SELECT ${condition} AS ok`);
  if (!row?.ok) throw notOwned();
}
