import { can, staffProcedure } from "@taller/trpc";
import { loadDetail, paymentIdSchema } from "./detail";

/** One payment request for its detail dialog. */
export const get = staffProcedure
  .use(can("read", "payment"))
  .input(paymentIdSchema)
  .query(({ ctx, input }) => loadDetail(ctx.db, ctx, input.id));
