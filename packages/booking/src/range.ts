import { BOOKING_RANGE_MAX_DAYS, dayDateSchema, type AgendaBooking } from "@taller/core";
import { can, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { notBuiltYet } from "./pending";

export const rangeInputSchema = z
  .object({
    // Month start minus 7 days to month end plus 7 days (seed 001 'Booking range'), inclusive.
    from: dayDateSchema,
    to: dayDateSchema,
    // The location selector; empty or absent: every location.
    location_ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(100).optional(),
  })
  .refine((r) => r.from <= r.to && Date.parse(r.to) - Date.parse(r.from) <= BOOKING_RANGE_MAX_DAYS * 86400_000, {
    message: `El rango debe tener como máximo ${BOOKING_RANGE_MAX_DAYS} días`,
    path: ["to"],
  });

/** The agenda's data for a window (seed 001 'Booking range response'). */
export interface BookingRange {
  /** Bookings keyed by their day ('YYYY-MM-DD'), each day ordered by start. */
  bookings: Record<string, AgendaBooking[]>;
  /** Per weekday '1' (Monday) to '7', the day's HH:mm slots from days_preferences (empty when not a working day). */
  days: Record<string, string[]>;
  holydays: { date: string; name: string; location_id: number | null }[];
  blocks: { id: number; date: string; hour: string | null; user_id: number | "all"; active: boolean }[];
  /** Company preferences the day view needs. */
  booking_type: "professional" | "capacity";
  max_bookings: number;
  time_interval: number;
}

/** OWNED BY booking-desk. */
export const range = staffProcedure
  .use(can("read", "booking"))
  .input(rangeInputSchema)
  .query((): Promise<BookingRange> => notBuiltYet("booking.range"));
