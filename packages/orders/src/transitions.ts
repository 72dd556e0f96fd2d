import { statusTransitions } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { asc, eq } from "drizzle-orm";

/** Which order status may follow which, as the company configured it. */
export const transitions = staffProcedure.use(can("read", "check_in")).query(({ ctx }) =>
  ctx.db
    .select({ from_status_id: statusTransitions.fromStatusId, to_status_id: statusTransitions.toStatusId })
    .from(statusTransitions)
    .where(eq(statusTransitions.companyId, ctx.companyId))
    .orderBy(asc(statusTransitions.fromStatusId), asc(statusTransitions.toStatusId)),
);
