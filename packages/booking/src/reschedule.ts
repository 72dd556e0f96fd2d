import { bookingRescheduleSchema } from "@taller/core";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { assertOwnIds } from "./book";
import type { BookingWithAddons } from "./booking-rows";
import { moveBooking } from "./move";
import { changed, lockBookingFor } from "./transitions";

/**
 * Moves a booking: a new booking at the new date and time (same slot guarantee as create), the old one marked
 * 'Reagendado' with rescheduled_for pointing at the new one (and rescheduled_from back). Answers the new booking.
 * Professional, duration and comment stay unless given.
 */
export const reschedule = staffProcedure
  .use(can("update", "booking"))
  .input(bookingRescheduleSchema)
  .mutation(({ ctx, input }): Promise<BookingWithAddons> =>
    withTransaction(ctx, async (tx) => {
      await assertOwnIds(tx.db, ctx.companyId, { userId: input.user_id });
      const old = await lockBookingFor(tx.db, ctx, input.id, "update");
      const id = await moveBooking(tx, old, {
        companyId: ctx.companyId,
        createdBy: ctx.user.id,
        from: old.from ?? "agenda",
        userId: input.user_id ?? old.user_id,
        date: input.booking_date,
        time: input.booking_time,
        duration: input.duration ?? old.duration,
        comment: input.comment ?? old.comment,
        idempotencyKey: input.idempotency_key,
      });
      return changed(tx, ctx.companyId, [id, old.id]);
    }),
  );
