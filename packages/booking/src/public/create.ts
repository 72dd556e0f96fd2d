import { publicBookingSchema } from "@taller/core";
import { tokenProcedure } from "@taller/trpc";
import { notBuiltYet } from "../pending";

export interface PublicBookingResult {
  id: number;
  booking_date: string;
  booking_time: string;
  user_id: number | null;
}

/**
 * 'Agendar' on the client's page: books the case's vehicle and requirement (from 'crm-addon'); the same
 * idempotency_key books once; a case already booked and not checked in is moved (the old booking 'Reagendado').
 */
export const create = tokenProcedure("crm_token")
  .input(publicBookingSchema)
  .mutation((): Promise<PublicBookingResult> => notBuiltYet("booking.public.create"));
