import { eventFieldsSchema, withEventTimeRule, idSchema } from "@taller/core";
import { events } from "@taller/db";
import { can, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { and, eq, sql } from "drizzle-orm";
import { answerEvent, checkOrderLink, eventColumns } from "./event-write";

export const updateEventInput = withEventTimeRule(eventFieldsSchema.extend({ id: idSchema }));

/**
 * Changes an event: every field of the form (an absent order_id detaches it). Another company's event, and with an
 * own-only grant one the user did not create, is NOT_FOUND.
 */
export const update = staffProcedure
  .use(can("update", "event"))
  .input(updateEventInput)
  .mutation(async ({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      await checkOrderLink(tx.db, ctx, input.order_id);
      const own = ctx.ownOnly("update", "event") ? eq(events.createdBy, ctx.user.id) : undefined;
      const changed = await tx.db
        .update(events)
        .set({ ...eventColumns(input), updatedAt: sql`now()` })
        .where(and(eq(events.id, input.id), eq(events.companyId, ctx.companyId), own))
        .returning({ id: events.id });
      if (changed.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: "Evento no encontrado" });
      await tx.emit({ type: "calendar.event.changed", companyId: ctx.companyId, payload: { id: input.id } });
      return answerEvent(tx.db, ctx, input.id);
    }),
  );
