import { can, staffProcedure } from "@taller/trpc";
import type { BookingDetail } from "./booking-rows";
import { bookingIdSchema } from "./get";
import { notBuiltYet } from "./pending";

/** Marks a booking 'Inasistencia' (non_attendance) once it has started; refused when rescheduled or checked in. */
export const markNoShow = staffProcedure
  .use(can("update", "booking"))
  .input(bookingIdSchema)
  .mutation((): Promise<BookingDetail> => notBuiltYet("booking.markNoShow"));
