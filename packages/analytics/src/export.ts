import { ANALYTICS_FIGURE_KEYS, analyticsFigures, formatDay } from "@taller/core";
import { can, spreadsheetDownload, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { dashboardInput, readDashboardTables } from "./dashboard";

/**
 * One figure's table as an .xlsx, for the same range, locations and comparison as the screen: the rows the screen
 * shows under the chart (at most one per day of two months, per week of a year or per month of five years).
 */
export const exportFigure = staffProcedure
  .use(can("read", "analytics"))
  .input(dashboardInput.and(z.object({ figure: z.enum(ANALYTICS_FIGURE_KEYS) })))
  .mutation(async ({ ctx, input }) => {
    const { dashboard, terms } = await readDashboardTables(ctx, input);
    const table = dashboard.tables[input.figure];
    return spreadsheetDownload(
      `${analyticsFigures(terms)[input.figure].title} ${formatDay(input.from)} a ${formatDay(input.to)}`,
      {
        sheet: "Reporte",
        headers: table.headers,
        rows: table.rows,
      },
    );
  });
