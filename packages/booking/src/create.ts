import { bookingFormSchema } from "@taller/core";
import { can, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { assertOwnIds, placeBooking } from "./book";
import type { BookingWithAddons } from "./booking-rows";
import { linkMailToBooking } from "./external-mails/link";
import { EXTERNAL_MAIL_NOT_FOUND } from "./external-mails/remove";
import { changed, detail } from "./transitions";

/**
 * Books a slot from the agenda, 'Agendar Vehículo' or an e-mail booking (external_mail_id: the mail is marked booked
 * and linked in the same transaction); the same idempotency_key books once (and answers that booking).
 */
export const create = staffProcedure
  .use(can("create", "booking"))
  .input(bookingFormSchema)
  .mutation(({ ctx, input }): Promise<BookingWithAddons> =>
    withTransaction(ctx, async (tx) => {
      const ids = {
        clientId: input.client_id ?? null,
        vehicleId: input.vehicle_id ?? null,
        requirementId: input.requirement_id ?? null,
        locationId: input.location_id ?? null,
        userId: input.user_id ?? null,
      };
      await assertOwnIds(tx.db, ctx.companyId, ids);
      const mailId = input.external_mail_id ?? null;
      // E-mail bookings are nobody's own: a user restricted to his own bookings does not see them (as the list).
      if (mailId !== null && ctx.ownOnly("read", "booking")) throw new TRPCError({ code: "NOT_FOUND", message: EXTERNAL_MAIL_NOT_FOUND });
      const placed = await placeBooking(tx, {
        ...ids,
        companyId: ctx.companyId,
        createdBy: ctx.user.id,
        from: mailId === null ? "agenda" : "mail",
        date: input.booking_date,
        time: input.booking_time,
        duration: input.duration ?? null,
        comment: input.comment ?? null,
        bookingType: input.booking_type,
        idempotencyKey: input.idempotency_key,
        rescheduledFrom: null,
      });
      if (!placed.created) return detail(tx.db, ctx.companyId, placed.id);
      if (mailId !== null) await linkMailToBooking(tx, ctx.companyId, mailId, placed.id);
      return changed(tx, ctx.companyId, [placed.id]);
    }),
  );
