// The document a work is requested for: it must be the caller's company's and one the caller may read (an own-only
// grant reads only his own documents, as the document's screens do), and its requirement decides which required
// works apply (seed 002 section 7.1: 'List required works by document type and id').
import type { WorkDocumentType } from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import { documentOwner, ownedDocument, TRPCError, type DocumentReader } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";

/** The requirement of each document type (a budget's is its order's). A cancelled booking is final: no work on it. */
const REQUIREMENT_OF: Record<WorkDocumentType, (companyId: number, id: number, owned: SQL) => SQL> = {
  Order: (c, id, owned) =>
    sql`SELECT o.requirement_id FROM orders o WHERE o.company_id = ${c} AND o.id = ${id} AND ${owned}`,
  Budget: (c, id, owned) =>
    sql`SELECT o.requirement_id FROM budgets b LEFT JOIN orders o ON o.company_id = b.company_id AND o.id = b.order_id
        WHERE b.company_id = ${c} AND b.id = ${id} AND ${owned}`,
  Crm: (c, id, owned) =>
    sql`SELECT k.requirement_id FROM crms k WHERE k.company_id = ${c} AND k.id = ${id} AND ${owned}`,
  Booking: (c, id, owned) =>
    sql`SELECT bk.requirement_id FROM bookings bk
        WHERE bk.company_id = ${c} AND bk.id = ${id} AND bk.cancelled_at IS NULL AND ${owned}`,
};

/**
 * The document's requirement (null: none); NOT_FOUND when the company has no such document or the caller may not
 * read it (alike, so its existence is not told).
 */
export async function documentRequirement(
  db: Db,
  ctx: DocumentReader & { companyId: number },
  type: WorkDocumentType,
  id: number,
): Promise<number | null> {
  const ownerId = documentOwner(ctx, type);
  const [row] =
    ownerId === false
      ? []
      : await queryRows<{ requirement_id: number | null }>(
          db,
          REQUIREMENT_OF[type](ctx.companyId, id, ownedDocument(type, ownerId)),
        );
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Documento no encontrado" });
  return row.requirement_id;
}

/** The condition over `custom_works cw` of the works required for a document of this requirement. */
export function requiredFor(requirementId: number | null): SQL {
  return requirementId === null
    ? sql`cw.active AND cw.requirement_id IS NULL`
    : sql`cw.active AND (cw.requirement_id IS NULL OR cw.requirement_id = ${requirementId})`;
}
