import { publicBookingSchema } from "@taller/core";
import { tieBooking } from "@taller/crm";
import { crms } from "@taller/db";
import { tokenProcedure, withTransaction } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { bookingByKey, placeBooking, type BookingWrite } from "../book";
import { moveBooking } from "../move";
import { changed, detail, lockBooking } from "../transitions";
import { loadCrmCase, tomorrow } from "./crm-case";

export interface PublicBookingResult {
  id: number;
  booking_date: string;
  booking_time: string;
  user_id: number | null;
}

/**
 * 'Agendar' on the client's page: books the case's vehicle and requirement (from 'crm-addon'), from tomorrow on,
 * under the same guarantee as the agenda; the same idempotency_key books once. A case already booked and not
 * checked in is moved (the old booking 'Reagendado'), so one link holds at most one live booking.
 */
export const create = tokenProcedure("crm_token")
  .input(publicBookingSchema)
  .mutation(({ ctx, input }): Promise<PublicBookingResult> =>
    withTransaction(ctx, async (tx) => {
      // The case row is locked first: two tabs of one link book one after the other.
      const [locked] = await tx.db
        .select({ id: crms.id })
        .from(crms)
        .where(and(eq(crms.companyId, ctx.companyId), eq(crms.id, ctx.document.id)))
        .for("update");
      const crm = await loadCrmCase(tx.db, ctx.companyId, { type: ctx.document.type, id: locked?.id ?? 0 });
      // Keys are the client's: scoped to this case (':' never appears in a key the schema accepts), so a key sent
      // through another case's link can never answer this case's booking, nor a staff booking.
      const idempotencyKey = `crm:${crm.id}:${input.idempotency_key}`;
      const write: Omit<
        BookingWrite,
        "rescheduledFrom" | "clientId" | "vehicleId" | "requirementId" | "locationId" | "bookingType"
      > = {
        companyId: ctx.companyId,
        createdBy: null,
        from: "crm-addon",
        userId: input.user_id ?? null,
        date: input.booking_date,
        time: input.booking_time,
        duration: null,
        comment: input.comment ?? null,
        // What the client picks now: a re-booking replaces the add-ons of the booking it moves.
        addons: input.addons,
        idempotencyKey,
        earliestDate: tomorrow(),
      };
      // A repeated 'Agendar' (double click, retry) answers what the first one made.
      const made = await bookingByKey(tx.db, ctx.companyId, idempotencyKey);
      let id: number;
      if (made !== null) id = made;
      else if (crm.booking_id === null) {
        ({ id } = await placeBooking(tx, {
          ...write,
          clientId: crm.client_id,
          vehicleId: crm.vehicle_id,
          requirementId: crm.requirement_id,
          locationId: crm.location_id,
          bookingType: "booking",
          rescheduledFrom: null,
        }));
      } else {
        id = await moveBooking(tx, await lockBooking(tx.db, ctx.companyId, crm.booking_id, null), write);
      }
      if (made !== null) {
        const booking = await detail(tx.db, ctx.companyId, id);
        return { id, booking_date: booking.booking_date, booking_time: booking.booking_time, user_id: booking.user_id };
      }
      // The management follows its booking now (a retention 'Agendado', an absence booked), not on the next job run;
      // a moved booking took its managements along (moveBooking).
      if (crm.booking_id === null) {
        await tieBooking(tx.db, ctx.companyId, crm.id, id);
        await tx.emit({ type: "crm.changed", companyId: ctx.companyId, payload: { ids: [crm.id] } });
      }
      const booking = await changed(tx, ctx.companyId, crm.booking_id === null ? [id] : [id, crm.booking_id]);
      return { id, booking_date: booking.booking_date, booking_time: booking.booking_time, user_id: booking.user_id };
    }),
  );
