import { BOOKING_CANCEL_REASON_MAX, BOOKING_ERRORS, idSchema } from "@taller/core";
import { releaseCancelledBooking } from "@taller/crm";
import { queryRows } from "@taller/db";
import { can, staffProcedure, userError, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { BookingWithAddons } from "./booking-rows";
import { assertOpen, changed, detail, lockBookingFor } from "./transitions";

export const cancelInput = z.object({
  id: idSchema,
  reason: z
    .string()
    .trim()
    .min(1, BOOKING_ERRORS.cancelReasonRequired)
    .max(BOOKING_CANCEL_REASON_MAX, `Máximo ${BOOKING_CANCEL_REASON_MAX} caracteres`),
});

/**
 * 'Anular': the booking is kept with when, why and by whom it was cancelled, and holds no place from then on (the
 * free-slot rule, the day lock's count and the professional's exclusion constraint all leave cancelled bookings out),
 * so its hour can be booked again at once. The agenda no longer shows it; its page says 'Anulada'. The retentions
 * and absences it had taken up are open again, its follow-ups fail (releaseCancelledBooking). Cancelling twice
 * answers the same booking (the first reason stays); a moved or checked-in booking is refused, as is one marked as a
 * no-show (it happened: the reports count it as such).
 */
export const cancel = staffProcedure
  .use(can("destroy", "booking"))
  .input(cancelInput)
  .mutation(({ ctx, input }): Promise<BookingWithAddons> =>
    withTransaction(ctx, async (tx) => {
      const b = await lockBookingFor(tx.db, ctx, input.id, "destroy");
      if (b.cancelled) return detail(tx.db, ctx.companyId, b.id);
      assertOpen(b);
      if (b.non_attendance) throw userError("CONFLICT", BOOKING_ERRORS.noShow);
      await queryRows(
        tx.db,
        sql`UPDATE bookings SET cancelled_at = now(), cancel_reason = ${input.reason}, cancelled_by = ${ctx.user.id},
                   updated_at = now()
            WHERE company_id = ${ctx.companyId} AND id = ${b.id}`,
      );
      const managements = await releaseCancelledBooking(tx.db, ctx.companyId, b.id);
      if (managements.length)
        await tx.emit({ type: "crm.changed", companyId: ctx.companyId, payload: { ids: managements } });
      return changed(tx, ctx.companyId, [b.id]);
    }),
  );
