import { eventFieldsSchema, withEventTimeRule, idSchema } from "@taller/core";
import { can, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { answerEvent, checkOrderLink, formEvent } from "./event-write";
import { updateEvent } from "./write/events";

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
      const ownerId = ctx.ownOnly("update", "event") ? ctx.user.id : null;
      const { id, ...fields } = input;
      if (!(await updateEvent(tx, { companyId: ctx.companyId, ownerId }, id, formEvent(fields)))) {
        throw new TRPCError({ code: "NOT_FOUND", message: "Evento no encontrado" });
      }
      return answerEvent(tx.db, ctx, id);
    }),
  );
