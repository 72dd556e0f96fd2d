import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { orderVersionInput } from "./life-inputs";
import { moveOrder } from "./write/move-order";
import { orderWriter } from "./writer";

/** 'Entregar': the vehicle leaves; the order moves to the company's delivery status, if its transitions allow it. */
export const deliver = staffProcedure
  .use(can("update", "check_in"))
  .input(orderVersionInput)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, (tx) =>
      moveOrder(tx, orderWriter(ctx), { id: input.id, version: input.version, target: "deliver", reason: null }),
    ),
  );
