import { idSchema } from "@taller/core";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { optionalReason, orderVersionInput } from "./life-inputs";
import { moveOrder } from "./write/move-order";
import { orderWriter } from "./writer";

/** Moves an order to a status the company's transitions allow from its current one ('Anular' has its own step). */
export const changeStatus = staffProcedure
  .use(can("update", "check_in"))
  .input(orderVersionInput.extend({ status_id: idSchema, reason: optionalReason }))
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, (tx) =>
      moveOrder(tx, orderWriter(ctx), {
        id: input.id,
        version: input.version,
        target: { statusId: input.status_id },
        reason: input.reason,
      }),
    ),
  );
