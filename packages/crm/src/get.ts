import { can, staffProcedure } from "@taller/trpc";
import { crmIdSchema, loadDetail } from "./detail";

/** One management for its detail (page or dialog); FORBIDDEN 'No tienes acceso a esta información' outside own-only. */
export const get = staffProcedure
  .use(can("read", "crm"))
  .input(crmIdSchema)
  .query(({ ctx, input }) => loadDetail(ctx.db, ctx, input.id));
