import { bookingFormSchema } from "@taller/core";
import { can, staffProcedure } from "@taller/trpc";
import type { BookingDetail } from "./booking-rows";
import { notBuiltYet } from "./pending";

/** Books a slot from the agenda or 'Agendar Vehículo'; the same idempotency_key books once. */
export const create = staffProcedure
  .use(can("create", "booking"))
  .input(bookingFormSchema)
  .mutation((): Promise<BookingDetail> => notBuiltYet("booking.create"));
