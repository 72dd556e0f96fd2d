import { eventInputSchema, present } from "@taller/core";
import { events } from "@taller/db";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { answerEvent, checkOrderLink, eventColumns } from "./event-write";

/**
 * A new calendar event (name, day and time on Chile's clock or the whole day, duration in hours, optionally an
 * order). Open calendars of the company hear `calendar.event.changed` once it commits.
 */
export const create = staffProcedure
  .use(can("create", "event"))
  .input(eventInputSchema)
  .mutation(async ({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      await checkOrderLink(tx.db, ctx, input.order_id);
      const [row] = await tx.db
        .insert(events)
        .values({ companyId: ctx.companyId, createdBy: ctx.user.id, ...eventColumns(input) })
        .returning({ id: events.id });
      const id = present(row, "inserted event").id;
      await tx.emit({ type: "calendar.event.changed", companyId: ctx.companyId, payload: { id } });
      return answerEvent(tx.db, ctx, id);
    }),
  );
