import type { ExternalMailData, Instant } from "@taller/core";
import { instantText, queryRows, type Db } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";

/** A booking that arrived by e-mail, as the 'Agendamientos por correo' dialog lists it (seed 001 'External mail'). */
export interface ExternalMail {
  id: number;
  location_id: number | null;
  location_name: string | null;
  readed: boolean;
  is_booked: boolean;
  data: ExternalMailData;
  created_at: Instant;
  get_booking: {
    id: number;
    booking_date: string;
    booking_time: string;
    order: { id: number; correlative_id: number } | null;
  } | null;
  /**
   * The company's client (by RUT), vehicle (by plate) and requirement (by name) the mail names: the booking form's
   * prefill.
   */
  prefill: { client_id: number | null; vehicle_id: number | null; requirement_id: number | null };
}

/** Most e-mail bookings the dialog lists (newest first): staff remove them as they book them. */
export const EXTERNAL_MAILS_MAX = 200;

interface Row extends Omit<ExternalMail, "get_booking" | "prefill"> {
  client_id: number | null;
  vehicle_id: number | null;
  requirement_id: number | null;
  booking_id: number | null;
  booking_date: string | null;
  booking_time: string | null;
  order_id: number | null;
  order_correlative_id: number | null;
}

/** The company's e-mail bookings, newest first, with the booking each produced and that booking's order. */
export async function readExternalMails(db: Db, companyId: number): Promise<ExternalMail[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT e.id, e.location_id, coalesce(l.name, e.data->>'location_name') AS location_name, e.readed, e.is_booked,
               e.data, ${instantText(sql`e.created_at`)} AS created_at,
               b.id AS booking_id, b.booking_date::text AS booking_date, to_char(b.booking_time, 'HH24:MI') AS booking_time,
               o.id AS order_id, o.correlative_id AS order_correlative_id,
               coalesce(v.client_id, c.id) AS client_id, v.id AS vehicle_id, r.id AS requirement_id
        FROM external_mails e
        LEFT JOIN locations l ON l.company_id = e.company_id AND l.id = e.location_id
        LEFT JOIN bookings b ON b.company_id = e.company_id AND b.id = e.booking_id
        LEFT JOIN orders o ON o.company_id = b.company_id AND o.id = b.order_id
        LEFT JOIN LATERAL (SELECT id FROM clients WHERE company_id = e.company_id AND rut = e.data->>'client_rut' ORDER BY id LIMIT 1) c ON true
        LEFT JOIN LATERAL (SELECT id, client_id FROM vehicles WHERE company_id = e.company_id AND identifier = e.data->>'identifier' ORDER BY id LIMIT 1) v ON true
        LEFT JOIN LATERAL (SELECT id FROM requirements WHERE company_id = e.company_id AND lower(name) = lower(e.data->>'requirement_name') ORDER BY id LIMIT 1) r ON true
        WHERE e.company_id = ${companyId}
        ORDER BY e.id DESC
        LIMIT ${EXTERNAL_MAILS_MAX}`,
  );
  return rows.map(
    ({
      booking_id,
      booking_date,
      booking_time,
      order_id,
      order_correlative_id,
      client_id,
      vehicle_id,
      requirement_id,
      ...mail
    }) => ({
      ...mail,
      prefill: { client_id, vehicle_id, requirement_id },
      get_booking:
        booking_id === null || booking_date === null || booking_time === null
          ? null
          : {
              id: booking_id,
              booking_date,
              booking_time,
              order:
                order_id === null || order_correlative_id === null
                  ? null
                  : { id: order_id, correlative_id: order_correlative_id },
            },
    }),
  );
}

/**
 * The 'Agendamientos por correo' list. The mails are requests from people outside, nobody's own: a user whose
 * booking reads are restricted to his own sees none.
 */
export const list = staffProcedure
  .use(can("read", "booking"))
  .query(({ ctx }): Promise<ExternalMail[]> =>
    ctx.ownOnly("read", "booking") ? Promise.resolve([]) : readExternalMails(ctx.db, ctx.companyId),
  );
