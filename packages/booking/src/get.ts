import { BOOKING_ERRORS, idSchema } from "@taller/core";
import { can, staffProcedure, TRPCError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { readBookings, withAddons, type BookingWithAddons } from "./booking-rows";
import { ownBookingCondition } from "./own";

export const bookingIdSchema = z.object({ id: idSchema });

/**
 * One booking with what its detail shows (page or dialog). Another company's id, or not one's own under "own only", is
 * NOT_FOUND.
 */
export const get = staffProcedure
  .use(can("read", "booking"))
  .input(bookingIdSchema)
  .query(async ({ ctx, input }): Promise<BookingWithAddons> => {
    const own = ownBookingCondition(ctx.ownOnly("read", "booking") ? ctx.user.id : null);
    const [booking] = await readBookings(ctx.db, ctx.companyId, sql`b.id = ${input.id} AND ${own}`, 1);
    if (!booking) throw new TRPCError({ code: "NOT_FOUND", message: BOOKING_ERRORS.notFound });
    return withAddons(ctx.db, ctx.companyId, booking);
  });
