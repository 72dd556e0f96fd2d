import { eventInputSchema } from "@taller/core";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { answerEvent, checkOrderLink, formEvent } from "./event-write";
import { createEvent } from "./write/events";

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
      const id = await createEvent(tx, { companyId: ctx.companyId, userId: ctx.user.id }, formEvent(input));
      return answerEvent(tx.db, ctx, id);
    }),
  );
