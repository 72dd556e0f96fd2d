import {
  AGENDA_MONTH_SHOWN,
  BOOKING_RANGE_MAX_DAYS,
  companyPreferencesSchema,
  DEFAULT_MAX_BOOKINGS,
  DEFAULT_TIME_INTERVAL,
  dayDateSchema,
  daysPreferencesSchema,
  present,
  type AgendaBooking,
  idSchema,
} from "@taller/core";
import { companies, intArray, queryRows } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { agendaScope, bookingScopeCondition } from "./agenda-scope";
import { monthRank, readBookings } from "./booking-rows";
import { weekdaySlots } from "./weekday-slots";

export const rangeInputSchema = z
  .object({
    // Month start minus 7 days to month end plus 7 days (seed 001 'Booking range'), inclusive.
    from: dayDateSchema,
    to: dayDateSchema,
    // The location selector; empty or absent: every location.
    location_ids: z.array(idSchema).max(100).optional(),
  })
  .refine((r) => r.from <= r.to && Date.parse(r.to) - Date.parse(r.from) <= BOOKING_RANGE_MAX_DAYS * 86400_000, {
    message: `El rango debe tener como máximo ${BOOKING_RANGE_MAX_DAYS} días`,
    path: ["to"],
  });

/** The agenda's data for a window (seed 001 'Booking range response'). */
export interface BookingRange {
  /**
   * Per day ('YYYY-MM-DD'), the bookings a month cell lists: the first AGENDA_MONTH_SHOWN in the month's order
   * (compareBookingsForMonth). The day itself (booking.day) answers all of them.
   */
  bookings: Record<string, AgendaBooking[]>;
  /** Per day, how many bookings it holds in the caller's scope (the cell's '+N' is this less those listed). */
  counts: Record<string, number>;
  /** Per weekday '1' (Monday) to '7', the day's HH:mm slots from days_preferences (empty when not a working day). */
  days: Record<string, string[]>;
  holydays: { date: string; name: string; location_id: number | null }[];
  blocks: { id: number; date: string; hour: string | null; user_id: number | "all"; active: boolean }[];
  /** Company preferences the day view needs. */
  booking_type: "professional" | "capacity";
  max_bookings: number;
  time_interval: number;
}

/**
 * The agenda's month window: one indexed query per kind (bookings by (company, date), holidays by (company, date),
 * blocks by their (company, date, ...) key), never one per day. Bookings and holidays follow the selected locations
 * (a company-wide holiday always shows); under "read restricted to own" on booking the user sees his own bookings
 * and the blocks of every professional ('all') or his own. Bookings are counted per day on the bookings table alone,
 * and only the ones a cell lists are read with their names, so the answer and its joins follow what the grid draws.
 */
export const range = staffProcedure
  .use(can("read", "booking"))
  .input(rangeInputSchema)
  .query(async ({ ctx, input }): Promise<BookingRange> => {
    const scope = await agendaScope(ctx, input.location_ids);
    const [company, perDay, holydays, blocks] = await Promise.all([
      ctx.db
        .select({ preferences: companies.preferences, days: companies.daysPreferences })
        .from(companies)
        .where(eq(companies.id, ctx.companyId))
        .then((rows) => present(rows[0], "the caller's company")),
      queryRows<{ day: string; total: number; ids: number[] }>(
        ctx.db,
        sql`SELECT b.booking_date::text AS day, count(*)::int AS total,
                   (array_agg(b.id ORDER BY ${monthRank}, b.start_at, b.id))[1:${AGENDA_MONTH_SHOWN}] AS ids
            FROM bookings b
            WHERE b.company_id = ${ctx.companyId} AND b.booking_date BETWEEN ${input.from}::date AND ${input.to}::date
              AND ${bookingScopeCondition(scope)}
            GROUP BY b.booking_date`,
      ),
      queryRows<BookingRange["holydays"][number]>(
        ctx.db,
        sql`SELECT h.date::text AS date, h.name, h.location_id FROM holidays h
            WHERE h.company_id = ${ctx.companyId} AND h.date BETWEEN ${input.from}::date AND ${input.to}::date
              AND (h.location_id IS NULL ${scope.locationIds === null ? sql`OR TRUE` : sql`OR h.location_id = ANY(${intArray(scope.locationIds)})`})
            ORDER BY h.date, h.id`,
      ),
      queryRows<{ id: number; date: string; hour: string | null; user_id: number | null; active: boolean }>(
        ctx.db,
        sql`SELECT k.id, k.date::text AS date, to_char(k.hour, 'HH24:MI') AS hour, k.user_id, k.active FROM booking_blocks k
            WHERE k.company_id = ${ctx.companyId} AND k.date BETWEEN ${input.from}::date AND ${input.to}::date
              ${scope.ownerId === null ? sql`` : sql`AND (k.user_id IS NULL OR k.user_id = ${scope.ownerId})`}
            ORDER BY k.date, k.hour NULLS FIRST, k.id`,
      ),
    ]);
    const shownIds = perDay.flatMap((d) => d.ids);
    const shown = new Map(
      (await readBookings(ctx.db, ctx.companyId, sql`b.id = ANY(${intArray(shownIds)})`, shownIds.length)).map((b) => [
        b.id,
        agendaBooking(b),
      ]),
    );
    const bookings: BookingRange["bookings"] = {};
    const counts: BookingRange["counts"] = {};
    for (const d of perDay) {
      counts[d.day] = d.total;
      // Ids in the month's order; one deleted between the two reads is left out (the next refresh recounts).
      bookings[d.day] = d.ids.flatMap((id) => shown.get(id) ?? []);
    }

    const prefs = companyPreferencesSchema.safeParse(company.preferences);
    // A stored shape that no longer parses shows an agenda without working days rather than failing.
    const parsed = daysPreferencesSchema.safeParse(company.days);
    const days = parsed.success
      ? parsed.data
      : { days: {}, time_interval: DEFAULT_TIME_INTERVAL, max_bookings: DEFAULT_MAX_BOOKINGS };
    return {
      bookings,
      counts,
      days: weekdaySlots(days),
      holydays,
      blocks: blocks.map((k) => ({ ...k, user_id: k.user_id ?? "all" })),
      booking_type: prefs.success ? prefs.data.booking_type : "capacity",
      max_bookings: days.max_bookings,
      time_interval: days.time_interval,
    };
  });

/** The agenda's fields of a booking (seed 001 'Agenda booking'): the detail's extra names stay out of the month. */
export function agendaBooking(b: AgendaBooking): AgendaBooking {
  return {
    id: b.id,
    start_date: b.start_date,
    booking_date: b.booking_date,
    booking_time: b.booking_time,
    duration: b.duration,
    client_id: b.client_id,
    client_name: b.client_name,
    client_rut: b.client_rut,
    vehicle_id: b.vehicle_id,
    identifier: b.identifier,
    requirement_id: b.requirement_id,
    requirement_name: b.requirement_name,
    location_id: b.location_id,
    user_id: b.user_id,
    booking_type: b.booking_type,
    completed: b.completed,
    confirmed: b.confirmed,
    non_attendance: b.non_attendance,
    rescheduled: b.rescheduled,
    rescheduled_for: b.rescheduled_for,
    rescheduled_from: b.rescheduled_from,
    check_in_time: b.check_in_time,
    order: b.order,
    comment: b.comment,
  };
}
