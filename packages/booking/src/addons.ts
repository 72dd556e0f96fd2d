// A booking's add-ons ('Adicionales', seed 000 order_aditionals) and what its requirement consumes
// (inventory_action_for_consume), read from the catalogue (db/src/schema/products.ts).
import { ADDON_ERRORS, type AddonsInput, type BookingAddon } from "@taller/core";
import { intArray, queryRows, type Db } from "@taller/db";
import { fieldError } from "@taller/trpc";
import { sql } from "drizzle-orm";

/** A product the requirement consumes, shown read-only in the client's summary. */
export interface ConsumedProduct {
  product_id: number;
  name: string;
  code: string;
  quantity: number;
}

/** A product the requirement offers as an add-on, at its current price (integer pesos). */
export interface OfferedAddon {
  product_id: number;
  name: string;
  description: string | null;
  price: number;
  max_quantity: number;
}

/** What a requirement consumes and offers; nothing without a requirement. */
export async function requirementCatalogue(
  db: Db,
  companyId: number,
  requirementId: number | null,
): Promise<{ consumption: ConsumedProduct[]; addons: OfferedAddon[] }> {
  if (requirementId === null) return { consumption: [], addons: [] };
  const [consumption, addons] = await Promise.all([
    queryRows<ConsumedProduct>(
      db,
      sql`SELECT p.id AS product_id, p.name, p.code, rp.quantity
          FROM requirement_products rp JOIN products p ON p.company_id = rp.company_id AND p.id = rp.product_id
          WHERE rp.company_id = ${companyId} AND rp.requirement_id = ${requirementId}
          ORDER BY p.name, p.id`,
    ),
    queryRows<OfferedAddon>(
      db,
      sql`SELECT p.id AS product_id, p.name, p.description, p.price, ra.max_quantity
          FROM requirement_addons ra JOIN products p ON p.company_id = ra.company_id AND p.id = ra.product_id
          WHERE ra.company_id = ${companyId} AND ra.requirement_id = ${requirementId}
          ORDER BY p.name, p.id`,
    ),
  ]);
  return { consumption, addons };
}

/**
 * Writes a booking's add-ons inside its transaction, each at the product's price now (never a price the client
 * sent). One statement takes only products the booking's requirement offers, within their max_quantity; if it
 * wrote fewer lines than asked, the field error names why and the caller's transaction rolls back with the booking.
 */
export async function writeAddons(
  db: Db,
  companyId: number,
  bookingId: number,
  requirementId: number | null,
  addons: AddonsInput,
): Promise<void> {
  if (addons.length === 0) return;
  const ids = intArray(addons.map((a) => a.product_id));
  const quantities = intArray(addons.map((a) => a.quantity));
  const written = await queryRows<{ product_id: number }>(
    db,
    sql`INSERT INTO booking_addons (company_id, booking_id, product_id, name, quantity, unit_price)
        SELECT ${companyId}, ${bookingId}, p.id, p.name, q.quantity, p.price
        FROM unnest(${ids}, ${quantities}) AS q(product_id, quantity)
        JOIN requirement_addons ra ON ra.company_id = ${companyId} AND ra.requirement_id = ${requirementId}::int AND ra.product_id = q.product_id
        JOIN products p ON p.company_id = ra.company_id AND p.id = ra.product_id
        WHERE q.quantity <= ra.max_quantity
        RETURNING product_id`,
  );
  if (written.length === addons.length) return;
  // Refused: say whether a product is not offered or too many were asked (read only to word the error).
  const offered = await queryRows<{ product_id: number }>(
    db,
    sql`SELECT product_id FROM requirement_addons WHERE company_id = ${companyId} AND requirement_id = ${requirementId}::int AND product_id = ANY(${ids})`,
  );
  throw fieldError(
    "BAD_REQUEST",
    "addons",
    offered.length < addons.length ? ADDON_ERRORS.unavailable : ADDON_ERRORS.tooMany,
  );
}

/** A moved booking keeps its add-ons at the prices they were booked at. */
export async function copyAddons(db: Db, companyId: number, fromId: number, toId: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO booking_addons (company_id, booking_id, product_id, name, quantity, unit_price)
        SELECT company_id, ${toId}, product_id, name, quantity, unit_price FROM booking_addons
        WHERE company_id = ${companyId} AND booking_id = ${fromId}`,
  );
}

/** The add-ons of some bookings, by booking id. */
export async function readAddons(
  db: Db,
  companyId: number,
  bookingIds: readonly number[],
): Promise<Map<number, BookingAddon[]>> {
  const rows = await queryRows<BookingAddon & { booking_id: number }>(
    db,
    sql`SELECT booking_id, product_id, name, quantity, unit_price, total FROM booking_addons
        WHERE company_id = ${companyId} AND booking_id = ANY(${intArray(bookingIds)})
        ORDER BY booking_id, name, id`,
  );
  const out = new Map<number, BookingAddon[]>();
  for (const { booking_id, ...addon } of rows) out.set(booking_id, [...(out.get(booking_id) ?? []), addon]);
  return out;
}
