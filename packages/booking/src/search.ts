import { BOOKING_SEARCH_MIN, type AgendaBooking, idSchema } from "@taller/core";
import { containsPattern } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { agendaScope, bookingScopeCondition } from "./agenda-scope";
import { readBookings } from "./booking-rows";
import { agendaBooking } from "./range";

/** Most bookings one search answers: an overlay list, not a report. */
export const SEARCH_MAX_ITEMS = 50;

export const searchInputSchema = z.object({
  query: z
    .string()
    .trim()
    .min(BOOKING_SEARCH_MIN, `Escribe al menos ${BOOKING_SEARCH_MIN} caracteres`)
    .max(100, "Máximo 100 caracteres"),
  // The location selector, as booking.range; empty or absent: every location.
  location_ids: z.array(idSchema).max(100).optional(),
});

/** The agenda's search overlay: time, date, client identifier, requirement, reschedule note (seed 001). */
export interface BookingSearchResult {
  items: AgendaBooking[];
}

/**
 * What one booking is found by, folded like every search (search_fold: upper case, no accents): its time
 * ('09:30'), its date as stored and as people type it ('2026-03-09', '09-03-2026', '09/03/2026'), the client's
 * name and RUT (also bare digits, which containsPattern reduces a typed RUT to), the vehicle's identifier, the
 * requirement and the booking's comment (where a reschedule's note is written).
 */
const HAYSTACK = sql`search_fold(concat_ws(' ',
  to_char(b.booking_time, 'HH24:MI'), b.booking_date::text, to_char(b.booking_date, 'DD-MM-YYYY'),
  to_char(b.booking_date, 'DD/MM/YYYY'), c.name, c.rut, regexp_replace(c.rut, '[^0-9kK]', '', 'g'), v.identifier,
  r.name, b.comment))`;

/**
 * Bookings matching what was typed, in the caller's scope (company, selected locations, own only): the
 * SEARCH_MAX_ITEMS closest to today, in start order.
 */
export const search = staffProcedure
  .use(can("read", "booking"))
  .input(searchInputSchema)
  .query(async ({ ctx, input }): Promise<BookingSearchResult> => {
    const scope = await agendaScope(ctx, input.location_ids);
    const pattern = containsPattern(input.query);
    if (pattern === null) return { items: [] };
    const closest = sql`b.id IN (
      SELECT b.id FROM bookings b
      LEFT JOIN clients c ON c.company_id = b.company_id AND c.id = b.client_id
      LEFT JOIN vehicles v ON v.company_id = b.company_id AND v.id = b.vehicle_id
      LEFT JOIN requirements r ON r.company_id = b.company_id AND r.id = b.requirement_id
      WHERE b.company_id = ${ctx.companyId} AND ${bookingScopeCondition(scope)} AND ${HAYSTACK} LIKE ${pattern}
      ORDER BY abs(extract(epoch FROM b.start_at - now())), b.id
      LIMIT ${SEARCH_MAX_ITEMS})`;
    const rows = await readBookings(ctx.db, ctx.companyId, closest, SEARCH_MAX_ITEMS);
    return { items: rows.map(agendaBooking) };
  });
