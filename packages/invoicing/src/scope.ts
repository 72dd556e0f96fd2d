// Whose documents a caller sees: the company's, or with an own-records grant on `invoice` the ones the user made.
import type { Action } from "@taller/core";
import type { DocumentReader } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";

/** The user the document must have been made by (null: anyone of the company). */
export function invoiceOwner(ctx: DocumentReader, action: Action): number | null {
  return ctx.ownOnly(action, "invoice") ? ctx.user.id : null;
}

/** The own-records condition over alias `i`. */
export function ownedInvoice(ownerId: number | null): SQL {
  return ownerId === null ? sql`true` : sql`i.created_by = ${ownerId}`;
}
