import { can, staffProcedure } from "@taller/trpc";
import type { BookingDetail } from "./booking-rows";
import { bookingIdSchema } from "./get";
import { notBuiltYet } from "./pending";

/** Marks a booking 'Confirmado'; confirming twice is harmless, a rescheduled or checked-in booking is refused. */
export const confirm = staffProcedure
  .use(can("update", "booking"))
  .input(bookingIdSchema)
  .mutation((): Promise<BookingDetail> => notBuiltYet("booking.confirm"));
