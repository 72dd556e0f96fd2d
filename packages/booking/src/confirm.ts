import { BOOKING_ERRORS } from "@taller/core";
import { bookings } from "@taller/db";
import { can, staffProcedure, userError, withTransaction } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import type { BookingWithAddons } from "./booking-rows";
import { bookingIdSchema } from "./get";
import { assertOpen, changed, detail, lockBookingFor } from "./transitions";

/**
 * Marks a booking 'Confirmado'. Confirming holds no new place: an unconfirmed booking already holds its slot (the
 * guarantee is taken when it is placed), so two pending bookings can never be confirmed into one last place.
 * Confirming twice answers the same booking; a rescheduled, checked-in or no-show booking is refused.
 */
export const confirm = staffProcedure
  .use(can("update", "booking"))
  .input(bookingIdSchema)
  .mutation(({ ctx, input }): Promise<BookingWithAddons> =>
    withTransaction(ctx, async (tx) => {
      const b = await lockBookingFor(tx.db, ctx, input.id, "update");
      assertOpen(b);
      if (b.non_attendance) throw userError("CONFLICT", BOOKING_ERRORS.noShow);
      if (b.confirmed) return detail(tx.db, ctx.companyId, b.id);
      await tx.db
        .update(bookings)
        .set({ confirmed: true, updatedAt: new Date() })
        .where(and(eq(bookings.companyId, ctx.companyId), eq(bookings.id, b.id)));
      return changed(tx, ctx.companyId, [b.id]);
    }),
  );
