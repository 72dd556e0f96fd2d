import { MAX_REQUIREMENTS, type RequirementFields } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";

export type AdminRequirement = RequirementFields & { id: number };

/** The company's requirements with their follow-up rule, and the specialities a requirement may ask for. */
export const requirementsList = staffProcedure.use(can("read", "manager")).query(async ({ ctx }) => {
  const [requirements, specialities] = await Promise.all([
    queryRows<AdminRequirement>(
      ctx.db,
      sql`SELECT id, name, duration_minutes, price, speciality_id, next_requirement_id, next_after_months, next_after_kms
          FROM requirements WHERE company_id = ${ctx.companyId} ORDER BY lower(name), id LIMIT ${MAX_REQUIREMENTS}`,
    ),
    queryRows<{ id: number; name: string }>(
      ctx.db,
      sql`SELECT id, name FROM specialities WHERE company_id = ${ctx.companyId} ORDER BY name, id`,
    ),
  ]);
  return { requirements, specialities };
});
