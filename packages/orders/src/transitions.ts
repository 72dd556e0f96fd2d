import { statusTransitionsOf } from "@taller/admin";
import { can, staffProcedure } from "@taller/trpc";

/** Which order status may follow which, as the company configured it. */
export const transitions = staffProcedure
  .use(can("read", "check_in"))
  .query(({ ctx }) => statusTransitionsOf(ctx.db, ctx.companyId, "Order"));
