import { queryRows, searchCondition, searchTerm } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { OPTIONS_LIMIT } from "./client-options";
import { idSchema as id } from "@taller/core";

export const vehicleOptionsInputSchema = z.object({
  query: z.string().trim().max(100, "Máximo 100 caracteres").default(""),
  // Only this client's vehicles (the form picked a client first).
  client_id: id.nullish(),
  // The vehicle already chosen (a prefilled form), answered even when the query does not match it.
  id: id.nullish(),
});

export interface VehicleOption {
  id: number;
  identifier: string;
  brand_name: string | null;
  brand_model_name: string | null;
  client_id: number | null;
}

/**
 * The booking form's vehicle picker: the company's vehicles matching the query through the vehicles list's own
 * search column (identifier, chassis, brand, model, client name and RUT), optionally of one client.
 */
export const vehicleOptions = staffProcedure
  .use(can("create", "booking"))
  .input(vehicleOptionsInputSchema)
  .query(async ({ ctx, input }): Promise<VehicleOption[]> => {
    const chosen = input.id ?? 0;
    const ofClient = input.client_id ? sql`v.client_id = ${input.client_id}` : sql`true`;
    return queryRows<VehicleOption>(
      ctx.db,
      sql`SELECT v.id, v.identifier, br.name AS brand_name, bm.name AS brand_model_name, v.client_id
          FROM vehicles v
          LEFT JOIN brands br ON br.company_id = v.company_id AND br.id = v.brand_id
          LEFT JOIN brand_models bm ON bm.company_id = v.company_id AND bm.id = v.brand_model_id
          WHERE v.company_id = ${ctx.companyId}
            AND ((${ofClient} AND ${searchCondition(searchTerm(input.query), "v.")}) OR v.id = ${chosen})
          ORDER BY (v.id = ${chosen}) DESC, v.identifier, v.id
          LIMIT ${OPTIONS_LIMIT}`,
    );
  });
