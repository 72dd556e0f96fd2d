// The one CRM case a crm_token opens (tokenProcedure hands over its company and document).
import { addDays } from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import { TRPCError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { localNow } from "../slots";

export interface CrmCase {
  id: number;
  client_id: number | null;
  client_name: string | null;
  vehicle_id: number | null;
  identifier: string | null;
  kms: number | null;
  brand_name: string | null;
  brand_model_name: string | null;
  requirement_id: number | null;
  requirement_name: string | null;
  location_id: number | null;
  location_name: string | null;
  booking_id: number | null;
}

/**
 * The case, or NOT_FOUND (the page then goes to client/booking): a token of another document type opens nothing here.
 */
export async function loadCrmCase(db: Db, companyId: number, document: { type: string; id: number }): Promise<CrmCase> {
  const [row] =
    document.type === "Crm"
      ? await queryRows<CrmCase>(
          db,
          sql`SELECT c.id, cl.id AS client_id, cl.name AS client_name, v.id AS vehicle_id, v.identifier, v.kms,
                     br.name AS brand_name, bm.name AS brand_model_name, r.id AS requirement_id, r.name AS requirement_name,
                     l.id AS location_id, l.name AS location_name,
                     -- A cancelled booking is none for the page: it offers a new one, which the case then follows.
                     (SELECT b.id FROM bookings b
                       WHERE b.company_id = c.company_id AND b.id = c.booking_id AND b.cancelled_at IS NULL) AS booking_id
              FROM crms c
              LEFT JOIN clients cl ON cl.company_id = c.company_id AND cl.id = c.client_id
              LEFT JOIN vehicles v ON v.company_id = c.company_id AND v.id = c.vehicle_id
              LEFT JOIN brands br ON br.company_id = v.company_id AND br.id = v.brand_id
              LEFT JOIN brand_models bm ON bm.company_id = v.company_id AND bm.id = v.brand_model_id
              LEFT JOIN requirements r ON r.company_id = c.company_id AND r.id = c.requirement_id
              LEFT JOIN locations l ON l.company_id = c.company_id AND l.id = c.location_id
              WHERE c.company_id = ${companyId} AND c.id = ${document.id}`,
        )
      : [];
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Gestión no encontrada" });
  return row;
}

/** The client's page books from tomorrow on (America/Santiago). */
export const tomorrow = () => addDays(localNow(Date.now()).date, 1);
