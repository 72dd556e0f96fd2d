import { bookingFormSchema, CRM_TEXTS } from "@taller/core";
import { crmOwnCondition, tieBooking } from "@taller/crm";
import { queryRows, type Db } from "@taller/db";
import { can, staffProcedure, TRPCError, userError, withTransaction, type ScopeContext } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { assertOwnIds, bookingByKey, placeBooking } from "./book";
import type { BookingWithAddons } from "./booking-rows";
import { linkMailToBooking } from "./external-mails/link";
import { EXTERNAL_MAIL_NOT_FOUND } from "./external-mails/remove";
import { changed, detail } from "./transitions";

/**
 * The management 'Agendar Vehículo' books for, locked (the same management booked from two tabs books once): it
 * needs update on crm, within an own-only grant's reach (FORBIDDEN), of the caller's company (NOT_FOUND).
 */
async function lockManagement(
  db: Db,
  ctx: ScopeContext & { can(action: "update", resource: "crm"): boolean },
  id: number,
) {
  if (!ctx.can("update", "crm")) throw new TRPCError({ code: "FORBIDDEN", message: CRM_TEXTS.forbidden });
  const ownerId = ctx.ownOnly("update", "crm") ? ctx.user.id : null;
  const [row] = await queryRows<{ id: number; booking_id: number | null; owned: boolean }>(
    db,
    sql`SELECT c.id, c.booking_id, ${crmOwnCondition(ownerId)} AS owned
        FROM crms c WHERE c.company_id = ${ctx.companyId} AND c.id = ${id} FOR UPDATE OF c`,
  );
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: CRM_TEXTS.notFound });
  if (!row.owned) throw new TRPCError({ code: "FORBIDDEN", message: CRM_TEXTS.forbidden });
  return row;
}

/**
 * Books a slot from the agenda, 'Agendar Vehículo' or an e-mail booking (external_mail_id: the mail is marked booked
 * and linked in the same transaction); the same idempotency_key books once (and answers that booking). With crm_id
 * ('Agendar Vehículo' on a management) the booking is that management's: it follows the booking at once (a retention
 * 'Agendado', an absence 'Reagendado') and no separate follow-up opens for it; a management that has a booking
 * already is moved with 'Reagendar Vehículo' instead (CONFLICT).
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
      if (mailId !== null && ctx.ownOnly("read", "booking"))
        throw new TRPCError({ code: "NOT_FOUND", message: EXTERNAL_MAIL_NOT_FOUND });
      const crm = input.crm_id ? await lockManagement(tx.db, ctx, input.crm_id) : null;
      // A retried 'Agendar' answers what it made, even though the management has that booking by now.
      if (
        crm &&
        crm.booking_id !== null &&
        (await bookingByKey(tx.db, ctx.companyId, input.idempotency_key)) === null
      ) {
        throw userError("CONFLICT", CRM_TEXTS.alreadyBooked);
      }
      const placed = await placeBooking(tx, {
        ...ids,
        companyId: ctx.companyId,
        createdBy: ctx.user.id,
        from: crm ? "crm" : mailId === null ? "agenda" : "mail",
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
      if (crm) {
        await tieBooking(tx.db, ctx.companyId, crm.id, placed.id);
        await tx.emit({ type: "crm.changed", companyId: ctx.companyId, payload: { ids: [crm.id] } });
      }
      return changed(tx, ctx.companyId, [placed.id]);
    }),
  );
