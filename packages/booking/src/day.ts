import { AGENDA_DAY_MAX_BOOKINGS, dayDateSchema, present, type AgendaBooking, idSchema } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { agendaScope, bookingScopeCondition } from "./agenda-scope";
import { readBookings } from "./booking-rows";
import { agendaBooking } from "./range";

export const dayInputSchema = z.object({
  date: dayDateSchema,
  // The location selector, as booking.range; empty or absent: every location.
  location_ids: z.array(idSchema).max(100).optional(),
});

/** The agenda's day: its bookings, and how many it holds. */
export interface BookingDay {
  /** Every booking of the day in the caller's scope, in start order, up to AGENDA_DAY_MAX_BOOKINGS. */
  bookings: AgendaBooking[];
  /** How many the day holds: more than `bookings.length` only past the limit, and the day view says so. */
  total: number;
}

/**
 * One day of the agenda (the day view, and where a month cell's '+N' leads): all of its bookings, in the same scope
 * as booking.range. Reads the day's bookings by (company, date) and joins names for them only.
 */
export const day = staffProcedure
  .use(can("read", "booking"))
  .input(dayInputSchema)
  .query(async ({ ctx, input }): Promise<BookingDay> => {
    const scope = await agendaScope(ctx, input.location_ids);
    const where = sql`b.booking_date = ${input.date}::date AND ${bookingScopeCondition(scope)}`;
    const rows = await readBookings(ctx.db, ctx.companyId, where, AGENDA_DAY_MAX_BOOKINGS);
    // Counted only when the limit was reached: below it the rows are the whole day.
    const total =
      rows.length < AGENDA_DAY_MAX_BOOKINGS
        ? rows.length
        : present(
            (
              await queryRows<{ total: number }>(
                ctx.db,
                sql`SELECT count(*)::int AS total FROM bookings b WHERE b.company_id = ${ctx.companyId} AND ${where}`,
              )
            )[0],
            "a count",
          ).total;
    return { bookings: rows.map(agendaBooking), total };
  });
