import type { TermKey, TermWords } from "@taller/core";
import { loadCompanyTerms, queryRows } from "@taller/db";
import { sql } from "drizzle-orm";
import { deleteUnusedProcedure } from "./delete-unused";
import { LOCATION_NOT_FOUND } from "./locations-rename";
import { spanishList } from "./setup-changes";

/** What keeps a location: rows whose location would otherwise be emptied without anyone noticing. */
export function locationInUseMessage(
  name: string,
  uses: { orders: boolean; bookings: boolean; crms: boolean },
  terms: Pick<Record<TermKey, TermWords>, "order" | "crm">,
): string | null {
  const kinds = [
    uses.orders && terms.order.manyLower,
    uses.bookings && "reservas",
    uses.crms && `gestiones de ${terms.crm.one}`,
  ].filter((k): k is string => typeof k === "string");
  if (kinds.length === 0) return null;
  return `No se puede eliminar el local «${name}»: tiene ${spanishList(kinds)}.`;
}

/**
 * Deletes a location nothing uses: orders (read from their per-location counts, kept by triggers), bookings and CRM
 * managements refuse it. Its own holidays go with it; e-mail bookings keep their data without the location.
 */
export const locationsRemove = deleteUnusedProcedure("locations", LOCATION_NOT_FOUND, async (tx, location) => {
  const where = sql`company_id = ${location.companyId} AND location_id = ${location.id}`;
  const [uses] = await queryRows<{ orders: boolean; bookings: boolean; crms: boolean }>(
    tx.db,
    sql`SELECT EXISTS (SELECT 1 FROM order_status_counts WHERE company_id = ${location.companyId} AND location_key = ${location.id} AND count > 0) AS orders,
               EXISTS (SELECT 1 FROM bookings WHERE ${where}) AS bookings,
               EXISTS (SELECT 1 FROM crms WHERE ${where}) AS crms`,
  );
  return uses ? locationInUseMessage(location.name, uses, await loadCompanyTerms(tx.db, location.companyId)) : null;
});
