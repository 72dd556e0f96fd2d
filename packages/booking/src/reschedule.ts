import { bookingRescheduleSchema } from "@taller/core";
import { can, staffProcedure } from "@taller/trpc";
import type { BookingDetail } from "./booking-rows";
import { notBuiltYet } from "./pending";

/**
 * Moves a booking: a new booking at the new date and time (same slot guarantee as create), the old one marked
 * 'Reagendado' with rescheduled_for pointing at the new one (and rescheduled_from back). Answers the new booking.
 */
export const reschedule = staffProcedure
  .use(can("update", "booking"))
  .input(bookingRescheduleSchema)
  .mutation((): Promise<BookingDetail> => notBuiltYet("booking.reschedule"));
