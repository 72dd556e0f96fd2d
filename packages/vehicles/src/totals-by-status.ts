import { can, staffProcedure, statusTotals } from "@taller/trpc";
import { z } from "zod";
import { filtersInput, vehicleFilters } from "./filters";
import { countVehicles } from "./list-query";

/**
 * Counts for the status boxes Sin orden, Agendado and Con orden under the list's other filters (the first page of
 * `list` answers the same in `totals`). `capped`: the counts are a sample.
 */
export const totalsByStatus = staffProcedure
  .use(can("read", "vehicle"))
  .input(z.object({ search: filtersInput.search, location_ids: filtersInput.location_ids }).optional())
  .query(async ({ ctx, input }) => statusTotals(await countVehicles(ctx.db, await vehicleFilters(ctx, input ?? {}))));
