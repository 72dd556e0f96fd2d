import type { BookingMode, Terms } from "@taller/core";
import { queryRows } from "@taller/db";
import { tokenProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { requirementCatalogue, type ConsumedProduct, type OfferedAddon } from "../addons";
import { loadSettings } from "../facts";
import { localNow } from "../slots";
import { loadCrmCase } from "./crm-case";

export const tokenInputSchema = z.object({ token: z.string().min(1).max(200) });

/** What the client's booking page needs (seed 000 'CRM booking data', sections 2.5 and 5). */
export interface PublicBookingData {
  crm_id: number;
  requirement_id: number | null;
  requirement_name: string | null;
  location_id: number | null;
  location_name: string | null;
  client: { id: number; name: string } | null;
  object: {
    id: number;
    kms: number | null;
    brand_name: string | null;
    brand_model_name: string | null;
    identifier: string;
  } | null;
  /** The professional of the case's booking, if any. */
  user: { id: number } | null;
  company: { name: string; logo: string | null; booking_type: BookingMode; terms: Terms };
  /** Weekdays 1 (Monday) to 7 the location works (days_preferences enabled). */
  working_days: number[];
  /** Holidays (company-wide and the location's) from today for a year, 'YYYY-MM-DD'. */
  holidays: string[];
  /** The case's current booking: booked already ('Reagendar') or checked in (no booking possible). */
  booking: { id: number; booking_date: string; booking_time: string; checked_in: boolean } | null;
  /** What the requirement consumes (the summary's read-only inventory) and offers as add-ons ('Adicionales'). */
  consumption: ConsumedProduct[];
  addons: OfferedAddon[];
}

/** The CRM case a crm_token opens, as booking data; the token opens that one case only. */
export const get = tokenProcedure("crm_token")
  .input(tokenInputSchema)
  .query(async ({ ctx }): Promise<PublicBookingData> => {
    const crm = await loadCrmCase(ctx.db, ctx.companyId, ctx.document);
    const settings = await loadSettings(ctx.db, ctx.companyId);
    const today = localNow(Date.now()).date;
    const [holidays, bookings, catalogue] = await Promise.all([
      queryRows<{ date: string }>(
        ctx.db,
        sql`SELECT DISTINCT date::text AS date FROM holidays
            WHERE company_id = ${ctx.companyId} AND date >= ${today}::date AND date < ${today}::date + 366
              AND (location_id IS NULL OR location_id = ${crm.location_id})
            ORDER BY 1`,
      ),
      crm.booking_id === null
        ? Promise.resolve([])
        : queryRows<{
            id: number;
            booking_date: string;
            booking_time: string;
            checked_in: boolean;
            user_id: number | null;
          }>(
            ctx.db,
            sql`SELECT id, booking_date::text AS booking_date, to_char(booking_time, 'HH24:MI') AS booking_time,
                       (order_id IS NOT NULL OR check_in_time IS NOT NULL) AS checked_in, user_id
                FROM bookings WHERE company_id = ${ctx.companyId} AND id = ${crm.booking_id}`,
          ),
      requirementCatalogue(ctx.db, ctx.companyId, crm.requirement_id),
    ]);
    const booking = bookings[0] ?? null;
    return {
      crm_id: crm.id,
      requirement_id: crm.requirement_id,
      requirement_name: crm.requirement_name,
      location_id: crm.location_id,
      location_name: crm.location_name,
      client: crm.client_id === null || crm.client_name === null ? null : { id: crm.client_id, name: crm.client_name },
      object:
        crm.vehicle_id === null || crm.identifier === null
          ? null
          : {
              id: crm.vehicle_id,
              kms: crm.kms,
              brand_name: crm.brand_name,
              brand_model_name: crm.brand_model_name,
              identifier: crm.identifier,
            },
      user: booking?.user_id ? { id: booking.user_id } : null,
      company: { name: settings.name, logo: settings.logo, booking_type: settings.mode, terms: settings.terms },
      working_days: Object.entries(settings.rules.days)
        .filter(([, d]) => d?.enabled)
        .map(([day]) => Number(day))
        .sort((a, b) => a - b),
      holidays: holidays.map((h) => h.date),
      booking: booking && {
        id: booking.id,
        booking_date: booking.booking_date,
        booking_time: booking.booking_time,
        checked_in: booking.checked_in,
      },
      ...catalogue,
    };
  });
