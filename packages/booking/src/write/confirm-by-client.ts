// The client's 'Si' to a booking's confirmation or reminder (a WhatsApp answer, read by @taller/messaging, after
// booking in DOMAIN_ORDER): the booking becomes Confirmado in the caller's transaction. Unlike the staff's
// booking.confirm, nothing is refused: a late or repeated answer to a booking no longer open changes nothing.
import { queryRows } from "@taller/db";
import type { Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";

/** Confirms the booking if it is still open and unconfirmed; answers whether it changed. */
export async function confirmByClient(tx: Transaction, companyId: number, bookingId: number): Promise<boolean> {
  const changed = await queryRows<{ id: number }>(
    tx.db,
    sql`UPDATE bookings SET confirmed = true, updated_at = now()
        WHERE company_id = ${companyId} AND id = ${bookingId} AND NOT confirmed AND NOT rescheduled
          AND NOT non_attendance AND order_id IS NULL AND cancelled_at IS NULL
        RETURNING id`,
  );
  if (changed.length) await tx.emit({ type: "booking.changed", companyId, payload: { ids: [bookingId] } });
  return changed.length > 0;
}
