// The document a consumption is for (an order or a booking), read as its own screens read it: a caller limited to his
// own orders or bookings consumes for, and sees the consumption of, his own only.
import { BOOKING_ERRORS, type ConsumptionDocument, type RealtimeEvent } from "@taller/core";
import { queryRows, termNotFound, type Db } from "@taller/db";
import { readableDocument, TRPCError, type DocumentReader } from "@taller/trpc";
import { sql } from "drizzle-orm";

export interface ConsumingDocument {
  type: ConsumptionDocument;
  id: number;
  requirement_id: number | null;
}

const FROM = { Order: sql`orders o`, Booking: sql`bookings o` } as const;

/** The document, or NOT_FOUND in the company's words when it is not there or the caller may not read it. */
export async function consumingDocument(
  db: Db,
  ctx: DocumentReader & { companyId: number },
  type: ConsumptionDocument,
  id: number,
): Promise<ConsumingDocument> {
  const [found] = await queryRows<{ id: number; requirement_id: number | null }>(
    db,
    sql`SELECT o.id, o.requirement_id FROM ${FROM[type]}
        WHERE o.company_id = ${ctx.companyId} AND o.id = ${id}
          AND ${readableDocument(ctx, type, sql`o.company_id`, sql`o.id`)}`,
  );
  if (!found) {
    const message = type === "Order" ? await termNotFound(db, ctx.companyId, "order") : BOOKING_ERRORS.notFound;
    throw new TRPCError({ code: "NOT_FOUND", message });
  }
  return { type, ...found };
}

/** The document's page follows what it consumed. */
export const documentChanged = (doc: ConsumingDocument, companyId: number): RealtimeEvent => ({
  type: doc.type === "Order" ? "order.changed" : "booking.changed",
  companyId,
  payload: { ids: [doc.id] },
});
