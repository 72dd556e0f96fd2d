import { can, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { filtersInput, parseFilters } from "./filters";
import { countByStatus } from "./list-query";

/** Counts for the status boxes Sin orden, Agendado and Con orden, under the list's search. */
export const totalsByStatus = staffProcedure
  .use(can("read", "vehicle"))
  .input(z.object({ search: filtersInput.search }).optional())
  .query(({ ctx, input }) => countByStatus(ctx.db, parseFilters(ctx.companyId, input ?? {})));
