import { can, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { filtersInput, parseFilters } from "./filters";
import { countByStatus } from "./list-query";

/** Counts for the status boxes: every order status of the company, under the list's search and budget filter. */
export const totalsByStatus = staffProcedure
  .use(can("read", "check_in"))
  .input(z.object({ budget_status_id: filtersInput.budget_status_id, search: filtersInput.search }).optional())
  .query(({ ctx, input }) => countByStatus(ctx.db, parseFilters(ctx.companyId, input ?? {})));
