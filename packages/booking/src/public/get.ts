import type { BookingMode } from "@taller/core";
import { tokenProcedure } from "@taller/trpc";
import { z } from "zod";
import { notBuiltYet } from "../pending";

export const tokenInputSchema = z.object({ token: z.string().min(1).max(200) });

/** What the client's booking page needs (seed 000 'CRM booking data', sections 2.5 and 5). */
export interface PublicBookingData {
  crm_id: number;
  requirement_id: number | null;
  requirement_name: string | null;
  location_id: number | null;
  location_name: string | null;
  client: { id: number; name: string } | null;
  object: { id: number; kms: number | null; brand_name: string | null; brand_model_name: string | null; identifier: string } | null;
  /** The professional of the case's booking, if any. */
  user: { id: number } | null;
  company: { name: string; logo: string | null; booking_type: BookingMode };
  /** Weekdays 1 (Monday) to 7 the location works (days_preferences enabled). */
  working_days: number[];
  /** Holidays (company-wide and the location's) from today for a year, 'YYYY-MM-DD'. */
  holidays: string[];
  /** The case's current booking: booked already ('Reagendar') or checked in (no booking possible). */
  booking: { id: number; booking_date: string; booking_time: string; checked_in: boolean } | null;
}

/** The CRM case a crm_token opens, as booking data; the token opens that one case only. */
export const get = tokenProcedure("crm_token")
  .input(tokenInputSchema)
  .query((): Promise<PublicBookingData> => notBuiltYet("booking.public.get"));
