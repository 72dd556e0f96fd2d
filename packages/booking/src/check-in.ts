import { can, staffProcedure } from "@taller/trpc";
import type { BookingDetail } from "./booking-rows";
import { bookingIdSchema } from "./get";
import { notBuiltYet } from "./pending";

/**
 * 'Recepcionar': creates the order (the order list's newest, in the company's first order status) and links it.
 * A second call answers the same booking and order, never a second order.
 */
export const checkIn = staffProcedure
  .use(can("create", "check_in"))
  .input(bookingIdSchema)
  .mutation((): Promise<BookingDetail> => notBuiltYet("booking.checkIn"));
