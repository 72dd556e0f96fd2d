import { ANALYTICS_FIGURES, formatDay, type AnalyticsFigure } from "@taller/core";
import { can, spreadsheetDownload, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { dashboardInput, readDashboard } from "./dashboard";
import { figureTables, figureTitle } from "./tables";

const figures = Object.keys(ANALYTICS_FIGURES) as [AnalyticsFigure, ...AnalyticsFigure[]];

/**
 * One figure's table as an .xlsx, for the same range, locations and comparison as the screen: the rows the screen
 * shows under the chart (at most one per day of two months, per week of a year or per month of five years).
 */
export const exportFigure = staffProcedure
  .use(can("read", "analytics"))
  .input(dashboardInput.and(z.object({ figure: z.enum(figures) })))
  .mutation(async ({ ctx, input }) => {
    const table = figureTables(await readDashboard(ctx, input))[input.figure];
    return spreadsheetDownload(`${figureTitle(input.figure)} ${formatDay(input.from)} a ${formatDay(input.to)}`, {
      sheet: "Reporte",
      headers: table.headers,
      rows: table.rows,
    });
  });
