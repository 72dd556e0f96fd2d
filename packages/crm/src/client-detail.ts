import { type CrmCategory, type CrmKind, type Instant, idSchema } from "@taller/core";
import { instantText, queryRows, termNotFound } from "@taller/db";
import { can, staffProcedure, TRPCError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";

export const clientIdSchema = z.object({ id: idSchema });

/** Each of a client's lists shows at most this many, newest first. */
const RECENT = 50;

export interface ClientData {
  id: number;
  correlative_id: number;
  rut: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  rating: number;
}

export const CLIENT_COLUMNS = sql`cl.id, cl.id AS correlative_id, cl.rut, cl.name, cl.email, cl.phone, cl.address, cl.city, cl.rating`;

/**
 * A client's page (/main/crm/clients/{id}, not shown by the spec): their data, vehicles, and the latest orders,
 * bookings and managements (50 each). Another company's id is NOT_FOUND.
 */
export const clientDetail = staffProcedure
  .use(can("read", "client"))
  .input(clientIdSchema)
  .query(async ({ ctx, input }) => {
    const [client] = await queryRows<ClientData>(
      ctx.db,
      sql`SELECT ${CLIENT_COLUMNS} FROM clients cl WHERE cl.company_id = ${ctx.companyId} AND cl.id = ${input.id}`,
    );
    if (!client) {
      throw new TRPCError({ code: "NOT_FOUND", message: await termNotFound(ctx.db, ctx.companyId, "client") });
    }
    const at = { companyId: ctx.companyId, clientId: client.id };
    const [vehicles, orders, bookings, managements] = await Promise.all([
      queryRows<{
        id: number;
        identifier: string;
        brand_name: string | null;
        brand_model_name: string | null;
        year: number | null;
        color: string | null;
        kms: number | null;
      }>(
        ctx.db,
        sql`SELECT v.id, v.identifier, br.name AS brand_name, bm.name AS brand_model_name, v.year, v.color,
                   CASE WHEN v.kms >= 0 THEN v.kms END AS kms
            FROM vehicles v
            LEFT JOIN brands br ON br.company_id = v.company_id AND br.id = v.brand_id
            LEFT JOIN brand_models bm ON bm.company_id = v.company_id AND bm.id = v.brand_model_id
            WHERE v.company_id = ${at.companyId} AND v.client_id = ${at.clientId} ORDER BY v.id DESC LIMIT ${RECENT}`,
      ),
      queryRows<{
        id: number;
        correlative_id: number;
        check_in_time: Instant;
        status_name: string;
        status_color: string;
        requirement_name: string | null;
        identifier: string | null;
        total: number;
      }>(
        ctx.db,
        sql`SELECT o.id, o.correlative_id, ${instantText(sql`o.check_in_time`)} AS check_in_time, s.name AS status_name,
                   s.color AS status_color, r.name AS requirement_name, v.identifier, o.total
            FROM orders o
            JOIN statuses s ON s.company_id = o.company_id AND s.id = o.status_id
            LEFT JOIN requirements r ON r.company_id = o.company_id AND r.id = o.requirement_id
            LEFT JOIN vehicles v ON v.company_id = o.company_id AND v.id = o.vehicle_id
            WHERE o.company_id = ${at.companyId} AND o.client_id = ${at.clientId}
            ORDER BY o.check_in_time DESC, o.id DESC LIMIT ${RECENT}`,
      ),
      queryRows<{
        id: number;
        booking_date: string;
        booking_time: string;
        start_at: Instant;
        requirement_name: string | null;
        identifier: string | null;
        confirmed: boolean;
        non_attendance: boolean;
        rescheduled: boolean;
        order_id: number | null;
      }>(
        ctx.db,
        sql`SELECT b.id, b.booking_date::text AS booking_date, to_char(b.booking_time, 'HH24:MI') AS booking_time,
                   ${instantText(sql`b.start_at`)} AS start_at, r.name AS requirement_name, v.identifier, b.confirmed,
                   b.non_attendance, b.rescheduled, b.order_id
            FROM bookings b
            LEFT JOIN requirements r ON r.company_id = b.company_id AND r.id = b.requirement_id
            LEFT JOIN vehicles v ON v.company_id = b.company_id AND v.id = b.vehicle_id
            WHERE b.company_id = ${at.companyId} AND b.client_id = ${at.clientId}
            ORDER BY b.start_at DESC, b.id DESC LIMIT ${RECENT}`,
      ),
      // Managements only for those who may read the CRM.
      !ctx.can("read", "crm")
        ? []
        : queryRows<{
            id: number;
            correlative_id: number;
            kind: CrmKind;
            category: CrmCategory;
            status_name: string | null;
            status_color: string | null;
            created_at: Instant;
            requirement_name: string | null;
          }>(
            ctx.db,
            sql`SELECT c.id, c.correlative_id, c.kind, c.category, s.name AS status_name, s.color AS status_color,
                   ${instantText(sql`c.created_at`)} AS created_at, r.name AS requirement_name
            FROM crms c
            LEFT JOIN statuses s ON s.company_id = c.company_id AND s.id = c.status_id
            LEFT JOIN requirements r ON r.company_id = c.company_id AND r.id = c.requirement_id
            WHERE c.company_id = ${at.companyId} AND c.client_id = ${at.clientId}
            ORDER BY c.created_at DESC, c.id DESC LIMIT ${RECENT}`,
          ),
    ]);
    return {
      client,
      vehicles,
      orders,
      bookings,
      managements,
      can_update: ctx.can("update", "client"),
      can_merge: ctx.can("update", "client") && ctx.can("destroy", "client"),
    };
  });
