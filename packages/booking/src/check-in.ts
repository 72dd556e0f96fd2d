import { BOOKING_ERRORS } from "@taller/core";
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
      // Correlatives are numbered per company, never reused: one writer at a time takes the next.
      await tx.db.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`orders:correlative:${ctx.companyId}`}, 0))`,
      );
      const [next] = await queryRows<{ n: number }>(
        tx.db,
        sql`SELECT coalesce(max(correlative_id), 0) + 1 AS n FROM orders WHERE company_id = ${ctx.companyId}`,
      );
      const now = new Date();
      const [order] = await tx.db
        .insert(orders)
        .values({
          companyId: ctx.companyId,
          correlativeId: next?.n ?? 1,
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
