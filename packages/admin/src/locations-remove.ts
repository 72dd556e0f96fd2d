import { queryRows } from "@taller/db";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { id } from "./inputs";
import { LOCATION_NOT_FOUND } from "./locations-rename";
import { deleteUnused, emitSetupChanged, spanishList } from "./setup-changes";

/** What keeps a location: rows whose location would otherwise be emptied without anyone noticing. */
export function locationInUseMessage(name: string, uses: { orders: boolean; bookings: boolean; crms: boolean }): string | null {
  const kinds = [uses.orders && "órdenes de trabajo", uses.bookings && "reservas", uses.crms && "gestiones de CRM"].filter(
    (k): k is string => typeof k === "string",
  );
  if (kinds.length === 0) return null;
  return `No se puede eliminar el local «${name}»: tiene ${spanishList(kinds)}.`;
}

/**
 * Deletes a location nothing uses: orders (read from their per-location counts, kept by triggers), bookings and CRM
 * managements refuse it. Its own holidays go with it; e-mail bookings keep their data without the location.
 */
export const locationsRemove = staffProcedure
  .use(can("destroy", "manager"))
  .input(z.object({ id }))
  .mutation(async ({ ctx, input }) => {
    await withTransaction(ctx, async (tx) => {
      await deleteUnused(tx, { table: "locations", companyId: ctx.companyId, id: input.id, notFound: LOCATION_NOT_FOUND }, async (name) => {
        const where = sql`company_id = ${ctx.companyId} AND location_id = ${input.id}`;
        const [uses] = await queryRows<{ orders: boolean; bookings: boolean; crms: boolean }>(
          tx.db,
          sql`SELECT EXISTS (SELECT 1 FROM order_status_counts WHERE company_id = ${ctx.companyId} AND location_key = ${input.id} AND count > 0) AS orders,
                     EXISTS (SELECT 1 FROM bookings WHERE ${where}) AS bookings,
                     EXISTS (SELECT 1 FROM crms WHERE ${where}) AS crms`,
        );
        return uses ? locationInUseMessage(name, uses) : null;
      });
      await emitSetupChanged(tx, ctx.companyId, "locations");
    });
    return { id: input.id };
  });
