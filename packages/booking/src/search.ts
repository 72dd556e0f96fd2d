import { BOOKING_SEARCH_MIN, type AgendaBooking } from "@taller/core";
import { can, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { notBuiltYet } from "./pending";

export const searchInputSchema = z.object({
  query: z.string().trim().min(BOOKING_SEARCH_MIN, `Escribe al menos ${BOOKING_SEARCH_MIN} caracteres`).max(100, "Máximo 100 caracteres"),
});

/** The agenda's search overlay: time, date, client identifier, requirement, reschedule note (seed 001). */
export interface BookingSearchResult {
  items: AgendaBooking[];
}

/** OWNED BY booking-desk. */
export const search = staffProcedure
  .use(can("read", "booking"))
  .input(searchInputSchema)
  .query((): Promise<BookingSearchResult> => notBuiltYet("booking.search"));
