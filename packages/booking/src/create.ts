import { bookingFormSchema } from "@taller/core";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { assertOwnIds, placeBooking } from "./book";
import type { BookingWithAddons } from "./booking-rows";
import { changed, detail } from "./transitions";

/** Books a slot from the agenda or 'Agendar Vehículo'; the same idempotency_key books once (and answers that booking). */
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
      const placed = await placeBooking(tx, {
        ...ids,
        companyId: ctx.companyId,
        createdBy: ctx.user.id,
        from: "agenda",
        date: input.booking_date,
        time: input.booking_time,
        duration: input.duration ?? null,
        comment: input.comment ?? null,
        bookingType: input.booking_type,
        idempotencyKey: input.idempotency_key,
        rescheduledFrom: null,
      });
      return placed.created ? changed(tx, ctx.companyId, [placed.id]) : detail(tx.db, ctx.companyId, placed.id);
    }),
  );
