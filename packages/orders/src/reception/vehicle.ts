import { DEFAULT_TZ, normalizeIdentifier, todayIn } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { companyUsesPlates } from "@taller/vehicles";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { lastKms } from "./last-kms";

export interface ReceptionVehicle {
  id: number;
  identifier: string;
  brand_id: number | null;
  brand_model_id: number | null;
  brand_name: string | null;
  brand_model_name: string | null;
  chassis: string | null;
  /** The last reading (lastKms). */
  last_kms: number | null;
  client: { id: number; rut: string | null; name: string; phone: string | null; email: string | null } | null;
}

export interface ReceptionBooking {
  id: number;
  booking_time: string;
  requirement_name: string | null;
}

/**
 * The reception's first step: what the company knows of a plate (its brand, model, chassis, last kilometres and
 * owner) and its booking of today still to receive, which the screen offers to receive instead (booking.checkIn).
 * An unknown plate answers `vehicle: null`: the reception creates it. Only the caller's company is read.
 */
export const vehicle = staffProcedure
  .use(can("create", "check_in"))
  .input(z.object({ identifier: z.string().trim().min(1).max(30) }))
  .query(async ({ ctx, input }) => {
    const identifier = normalizeIdentifier(input.identifier, await companyUsesPlates(ctx.db, ctx.companyId));
    const [found] = await queryRows<Omit<ReceptionVehicle, "client"> & { client: ReceptionVehicle["client"] }>(
      ctx.db,
      sql`SELECT v.id, v.identifier, v.brand_id, v.brand_model_id, b.name AS brand_name, m.name AS brand_model_name,
                 v.chassis,
                 ${lastKms(sql.raw("v"))} AS last_kms,
                 CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'rut', c.rut, 'name', c.name,
                   'phone', c.phone, 'email', c.email) END AS client
          FROM vehicles v
          LEFT JOIN brands b ON b.company_id = v.company_id AND b.id = v.brand_id
          LEFT JOIN brand_models m ON m.company_id = v.company_id AND m.id = v.brand_model_id
          LEFT JOIN clients c ON c.company_id = v.company_id AND c.id = v.client_id
          WHERE v.company_id = ${ctx.companyId} AND v.identifier = ${identifier}`,
    );
    if (!found) return { identifier, vehicle: null, booking: null };
    const [booking] = await queryRows<ReceptionBooking>(
      ctx.db,
      sql`SELECT bk.id, to_char(bk.booking_time, 'HH24:MI') AS booking_time, r.name AS requirement_name
          FROM bookings bk
          LEFT JOIN requirements r ON r.company_id = bk.company_id AND r.id = bk.requirement_id
          WHERE bk.company_id = ${ctx.companyId} AND bk.vehicle_id = ${found.id}
            AND bk.booking_date = ${todayIn(DEFAULT_TZ)} AND bk.order_id IS NULL
            AND NOT bk.rescheduled AND NOT bk.non_attendance AND bk.cancelled_at IS NULL
          ORDER BY bk.booking_time, bk.id LIMIT 1`,
    );
    return { identifier, vehicle: found, booking: booking ?? null };
  });
