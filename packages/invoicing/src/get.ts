import { can, staffProcedure } from "@taller/trpc";
import { invoiceIdSchema, loadDetail } from "./detail";

/** One document for its page. */
export const get = staffProcedure
  .use(can("read", "invoice"))
  .input(invoiceIdSchema)
  .query(({ ctx, input }) => loadDetail(ctx.db, ctx, input.id));
