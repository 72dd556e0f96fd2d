import { BOOKING_ERRORS } from "@taller/core";
import { bookings } from "@taller/db";
import { createOrder } from "@taller/orders";
import { can, staffProcedure, userError, withTransaction } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import type { BookingWithAddons } from "./booking-rows";
import { bookingIdSchema } from "./get";
import { changed, detail, lockBookingFor } from "./transitions";

/**
 * 'Recepcionar': receives the order through @taller/orders' createOrder (the next number, the company's first order
 * status, its first status log) and links it to the booking. The booking's row lock makes a second call, concurrent
 * or later, find the order and answer it: one booking, one order. A rescheduled booking is refused (its successor
 * is the one to receive), and so is a cancelled one.
 */
export const checkIn = staffProcedure
  .use(can("create", "check_in"))
  .input(bookingIdSchema)
  .mutation(({ ctx, input }): Promise<BookingWithAddons> =>
    withTransaction(ctx, async (tx) => {
      const b = await lockBookingFor(tx.db, ctx, input.id, "read");
      if (b.checked_in) return detail(tx.db, ctx.companyId, b.id);
      if (b.rescheduled) throw userError("CONFLICT", BOOKING_ERRORS.rescheduled);
      // A cancelled booking gave its place away: a client who comes anyway is received at the desk, without it.
      if (b.cancelled) throw userError("CONFLICT", BOOKING_ERRORS.cancelled);
      const now = new Date();
      const order = await createOrder(
        tx,
        { companyId: ctx.companyId, userId: ctx.user.id },
        {
          requirementId: b.requirement_id,
          clientId: b.client_id,
          vehicleId: b.vehicle_id,
          locationId: b.location_id,
          assigneeId: b.user_id,
          comment: b.comment,
          from: "agenda",
        },
        now,
      );
      await tx.db
        .update(bookings)
        .set({ orderId: order.id, checkInTime: now, updatedAt: now })
        .where(and(eq(bookings.companyId, ctx.companyId), eq(bookings.id, b.id)));
      return changed(tx, ctx.companyId, [b.id]);
    }),
  );
