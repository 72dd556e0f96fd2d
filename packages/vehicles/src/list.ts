import { can, cursorInput, listPage, staffProcedure, statusTotals } from "@taller/trpc";
import { z } from "zod";
import { filtersInput, vehicleFilters } from "./filters";
import { countVehicles, findVehicles } from "./list-query";

// Built once: a zod schema costs more to build than to run.
const cursorKey = z.tuple([z.number().int()]);

/**
 * The vehicles list, newest first, a page at a time for infinite scroll: { vehicles, total, total_capped, page,
 * total_pages, next_cursor, totals }. The first page counts once for the list and the status boxes (`totals`).
 */
export const list = staffProcedure
  .use(can("read", "vehicle"))
  .input(z.object({ ...filtersInput, cursor: cursorInput }).optional())
  .query(async ({ ctx, input }) => {
    const filters = await vehicleFilters(ctx, input ?? {});
    const { rows, info, counted } = await listPage({
      db: ctx.db,
      cursor: input?.cursor,
      // "today" stays out: a list scrolled across midnight keeps its cursor.
      filter: { scope: filters.scope, status: filters.statusIds, search: filters.search },
      keySchema: cursorKey,
      fetch: (after) => findVehicles(ctx.db, filters, after?.[0] ?? null),
      count: () => countVehicles(ctx.db, filters),
      keyOf: (v): [number] => [v.id],
    });
    const totals = counted && statusTotals(counted);
    return { vehicles: rows, ...info, totals };
  });
