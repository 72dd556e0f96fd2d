import { BOOKING_ERRORS } from "@taller/core";
import { queryRows } from "@taller/db";
import { fieldError, TRPCError, type Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { EXTERNAL_MAIL_NOT_FOUND } from "./remove";

/**
 * A booking made from an e-mail booking: the mail becomes read and booked and points at the booking, in the
 * booking's transaction. The update is conditional, so two staff booking the same mail at once make one booking:
 * the second finds it booked and its booking rolls back.
 */
export async function linkMailToBooking(
  tx: Transaction,
  companyId: number,
  mailId: number,
  bookingId: number,
): Promise<void> {
  const [linked] = await queryRows<{ id: number }>(
    tx.db,
    sql`UPDATE external_mails SET readed = true, is_booked = true, booking_id = ${bookingId}
        WHERE company_id = ${companyId} AND id = ${mailId} AND NOT is_booked
        RETURNING id`,
  );
  if (!linked) {
    const [exists] = await queryRows<{ id: number }>(
      tx.db,
      sql`SELECT id FROM external_mails WHERE company_id = ${companyId} AND id = ${mailId}`,
    );
    if (!exists) throw new TRPCError({ code: "NOT_FOUND", message: EXTERNAL_MAIL_NOT_FOUND });
    throw fieldError("CONFLICT", "external_mail_id", BOOKING_ERRORS.mailBooked);
  }
  await tx.emit({ type: "booking.external_mails_changed", companyId, payload: { ids: [mailId] } });
}
