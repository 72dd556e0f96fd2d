import { freeSlotsInputSchema, type FreeSlotsResult } from "@taller/core";
import { can, staffProcedure } from "@taller/trpc";
import { notBuiltYet } from "./pending";

/** Free hours for the booking form (seed 000 'Free booking search'): hours of booking_date, every day up to to_date. */
export const freeSlots = staffProcedure
  .use(can("create", "booking"))
  .input(freeSlotsInputSchema)
  .query((): Promise<FreeSlotsResult> => notBuiltYet("booking.freeSlots"));
