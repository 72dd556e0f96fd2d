import { bookingTimeSchema, dayDateSchema } from "@taller/core";
import { can, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { notBuiltYet } from "./pending";

export const toggleBlockInputSchema = z.object({
  date: dayDateSchema,
  // Absent or null: the whole day.
  hour: bookingTimeSchema.nullish(),
  // A professional, or 'all' (absent means 'all').
  user_id: z.union([z.number().int().min(1).max(2_147_483_647), z.literal("all")]).optional(),
});

export interface BookingBlock {
  id: number;
  date: string;
  hour: string | null;
  user_id: number | "all";
  active: boolean;
}

/** Blocks or unblocks a day, an hour or a professional's hour (seed 001 'Blocking'), today or later. OWNED BY booking-desk. */
export const toggleBlock = staffProcedure
  .use(can("create", "booking_block"))
  .input(toggleBlockInputSchema)
  .mutation((): Promise<BookingBlock> => notBuiltYet("booking.toggleBlock"));
