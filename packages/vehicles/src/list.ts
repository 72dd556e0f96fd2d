import { can, cursorInput, filterFingerprint, pageOf, readCursor, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { filtersInput, parseFilters } from "./filters";
import { countByStatus, findVehicles } from "./list-query";

// Built once: a zod schema costs more to build than to run.
const cursorKey = z.tuple([z.number().int()]);

/**
 * The vehicles list, newest first, a page at a time for infinite scroll:
 * { vehicles, total, page, total_pages, next_cursor }. The first page counts; later pages carry the total.
 */
export const list = staffProcedure
  .use(can("read", "vehicle"))
  .input(z.object({ ...filtersInput, cursor: cursorInput }).optional())
  .query(async ({ ctx, input }) => {
    const filters = parseFilters(ctx.companyId, input ?? {});
    // "today" stays out of the fingerprint: a list scrolled across midnight keeps its cursor.
    const fingerprint = filterFingerprint({ company: filters.companyId, status: filters.statusIds, pattern: filters.pattern });
    const cursor = readCursor(input?.cursor, fingerprint, cursorKey);
    const rows = await findVehicles(ctx.db, filters, cursor?.after[0] ?? null);
    const total =
      cursor?.total ??
      (await countByStatus(ctx.db, filters))
        .filter((c) => !filters.statusIds || filters.statusIds.includes(c.vehicle_status))
        .reduce((sum, c) => sum + c.count, 0);
    const { rows: vehicles, info } = pageOf(rows, { cursor, total, filter: fingerprint, keyOf: (v) => [v.id] });
    return { vehicles, ...info };
  });
