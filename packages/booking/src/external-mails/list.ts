import type { ExternalMailData, Instant } from "@taller/core";
import { can, staffProcedure } from "@taller/trpc";
import { notBuiltYet } from "../pending";

/** A booking that arrived by e-mail, as the 'Agendamientos por correo' dialog lists it (seed 001 'External mail'). */
export interface ExternalMail {
  id: number;
  location_id: number | null;
  location_name: string | null;
  readed: boolean;
  is_booked: boolean;
  data: ExternalMailData;
  created_at: Instant;
  get_booking: { id: number; booking_date: string; booking_time: string; order: { id: number; correlative_id: number } | null } | null;
}

/** OWNED BY booking-desk. */
export const list = staffProcedure.use(can("read", "booking")).query((): Promise<ExternalMail[]> => notBuiltYet("booking.externalMails.list"));
