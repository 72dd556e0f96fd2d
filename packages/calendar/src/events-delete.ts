import { events } from "@taller/db";
import { can, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { idSchema } from "@taller/core";

export const deleteEventInput = z.object({ id: idSchema });

/**
 * Deletes an event (the dialog asks first). Another company's event, one already deleted (a second tab, a retry),
 * and with an own-only grant one the user did not create, are NOT_FOUND. Open calendars hear
 * `calendar.event.changed` and refetch their window, where it no longer is.
 */
export const remove = staffProcedure
  .use(can("destroy", "event"))
  .input(deleteEventInput)
  .mutation(async ({ ctx, input }): Promise<{ id: number }> =>
    withTransaction(ctx, async (tx) => {
      const own = ctx.ownOnly("destroy", "event") ? eq(events.createdBy, ctx.user.id) : undefined;
      const [gone] = await tx.db
        .delete(events)
        .where(and(eq(events.companyId, ctx.companyId), eq(events.id, input.id), own))
        .returning({ id: events.id });
      if (!gone) throw new TRPCError({ code: "NOT_FOUND", message: "Evento no encontrado" });
      await tx.emit({ type: "calendar.event.changed", companyId: ctx.companyId, payload: { id: gone.id } });
      return gone;
    }),
  );
