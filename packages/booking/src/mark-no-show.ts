import { BOOKING_ERRORS } from "@taller/core";
import { bookings } from "@taller/db";
import { can, staffProcedure, userError, withTransaction } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import type { BookingWithAddons } from "./booking-rows";
import { bookingIdSchema } from "./get";
import { assertOpen, changed, detail, lockBookingFor } from "./transitions";

/**
 * Marks a booking 'Inasistencia' (non_attendance) once its time has come; a second call answers the same booking.
 * A rescheduled or checked-in booking is refused. The booking keeps its (past) place.
 */
export const markNoShow = staffProcedure
  .use(can("update", "booking"))
  .input(bookingIdSchema)
  .mutation(({ ctx, input }): Promise<BookingWithAddons> =>
    withTransaction(ctx, async (tx) => {
      const b = await lockBookingFor(tx.db, ctx, input.id, "update");
      assertOpen(b);
      if (b.non_attendance) return detail(tx.db, ctx.companyId, b.id);
      if (!b.started) throw userError("CONFLICT", BOOKING_ERRORS.notStarted);
      await tx.db
        .update(bookings)
        .set({ nonAttendance: true, updatedAt: new Date() })
        .where(and(eq(bookings.companyId, ctx.companyId), eq(bookings.id, b.id)));
      return changed(tx, ctx.companyId, [b.id]);
    }),
  );
