import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { orderVersionInput, requiredReason } from "./life-inputs";
import { moveOrder } from "./write/move-order";
import { orderWriter } from "./writer";

/** 'Anular': moves the order to the company's cancel status with the reason, kept on the order and in its log. */
export const cancel = staffProcedure
  .use(can("update", "check_in"))
  .input(orderVersionInput.extend({ reason: requiredReason }))
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, (tx) =>
      moveOrder(tx, orderWriter(ctx), { id: input.id, version: input.version, target: "cancel", reason: input.reason }),
    ),
  );
