// The document a work is requested for: it must be the caller's company's, and its requirement decides which
// required works apply (seed 002 section 7.1: 'List required works by document type and id').
import type { WorkDocumentType } from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import { TRPCError } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";

/** The requirement of each document type (a budget's is its order's). */
const REQUIREMENT_OF: Record<WorkDocumentType, (companyId: number, id: number) => SQL> = {
  Order: (c, id) => sql`SELECT requirement_id FROM orders WHERE company_id = ${c} AND id = ${id}`,
  Budget: (c, id) =>
    sql`SELECT o.requirement_id FROM budgets b LEFT JOIN orders o ON o.company_id = b.company_id AND o.id = b.order_id
        WHERE b.company_id = ${c} AND b.id = ${id}`,
  Crm: (c, id) => sql`SELECT requirement_id FROM crms WHERE company_id = ${c} AND id = ${id}`,
  Booking: (c, id) => sql`SELECT requirement_id FROM bookings WHERE company_id = ${c} AND id = ${id}`,
};

/** The document's requirement (null: none); NOT_FOUND when the company has no such document. */
export async function documentRequirement(
  db: Db,
  companyId: number,
  type: WorkDocumentType,
  id: number,
): Promise<number | null> {
  const [row] = await queryRows<{ requirement_id: number | null }>(db, REQUIREMENT_OF[type](companyId, id));
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Documento no encontrado" });
  return row.requirement_id;
}

/** The condition over `custom_works cw` of the works required for a document of this requirement. */
export function requiredFor(requirementId: number | null): SQL {
  return requirementId === null
    ? sql`cw.active AND cw.requirement_id IS NULL`
    : sql`cw.active AND (cw.requirement_id IS NULL OR cw.requirement_id = ${requirementId})`;
}
