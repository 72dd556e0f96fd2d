import { queryRows } from "@taller/db";
import { staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { documentRequirement, requiredFor } from "./document";
import { documentInput } from "./inputs";

/** The required works of a document (seed 002 section 7.1): the company's active works for its requirement. */
export const requiredWorks = staffProcedure.input(documentInput).query(async ({ ctx, input }) => {
  const requirementId = await documentRequirement(ctx.db, ctx, input.document_type, input.document_id);
  return queryRows<{ id: number; name: string }>(
    ctx.db,
    sql`SELECT cw.id, cw.name FROM custom_works cw
        WHERE cw.company_id = ${ctx.companyId} AND ${requiredFor(requirementId)}
        ORDER BY cw.position, cw.id
        LIMIT 200`,
  );
});
