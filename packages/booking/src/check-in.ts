import { BOOKING_ERRORS, present } from "@taller/core";
import { bookings, orders, queryRows } from "@taller/db";
import { can, staffProcedure, userError, withTransaction } from "@taller/trpc";
import { and, eq, sql } from "drizzle-orm";
import type { BookingWithAddons } from "./booking-rows";
import { bookingIdSchema } from "./get";
import { changed, detail, lockBooking } from "./transitions";

/**
 * 'Recepcionar': creates the order (the next correlative, so the order list's newest; the company's first order
 * status) and links it to the booking. The booking's row lock makes a second call, concurrent or later, find the
 * order and answer it: one booking, one order. A rescheduled booking is refused (its successor is the one to receive).
 */
export const checkIn = staffProcedure
  .use(can("create", "check_in"))
  .input(bookingIdSchema)
  .mutation(({ ctx, input }): Promise<BookingWithAddons> =>
    withTransaction(ctx, async (tx) => {
      const b = await lockBooking(tx.db, ctx.companyId, input.id, ctx.ownOnly("read", "booking") ? ctx.user.id : null);
      if (b.checked_in) return detail(tx.db, ctx.companyId, b.id);
      if (b.rescheduled) throw userError("CONFLICT", BOOKING_ERRORS.rescheduled);
      const [status] = await queryRows<{ id: number }>(
        tx.db,
        sql`SELECT id FROM statuses WHERE company_id = ${ctx.companyId} AND type = 'Order' ORDER BY position, id LIMIT 1`,
      );
      if (!status) throw userError("PRECONDITION_FAILED", BOOKING_ERRORS.noOrderStatus);
      // The company's next order number from its counter row, locked to this transaction's end (next_correlative).
      const [next] = await queryRows<{ n: number }>(
        tx.db,
        sql`SELECT next_correlative('orders', ${ctx.companyId}) AS n`,
      );
      const now = new Date();
      const [order] = await tx.db
        .insert(orders)
        .values({
          companyId: ctx.companyId,
          correlativeId: present(next, "the next order number").n,
          statusId: status.id,
          requirementId: b.requirement_id,
          clientId: b.client_id,
          vehicleId: b.vehicle_id,
          locationId: b.location_id,
          userId: ctx.user.id,
          assigneeId: b.user_id,
          checkInTime: now,
          comment: b.comment,
          from: "agenda",
        })
        .returning({ id: orders.id });
      await tx.db
        .update(bookings)
        .set({ orderId: order?.id, checkInTime: now, updatedAt: now })
        .where(and(eq(bookings.companyId, ctx.companyId), eq(bookings.id, b.id)));
      if (order && b.client_id !== null) {
        await tx.emit({
          type: "notification.requested",
          companyId: ctx.companyId,
          payload: { notification: "order_received", documentId: order.id },
        });
      }
      return changed(tx, ctx.companyId, [b.id]);
    }),
  );
