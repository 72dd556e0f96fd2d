import { ANALYTICS_FIGURE_KEYS, analyticsFigures, formatDay } from "@taller/core";
import { loadCompanyTerms } from "@taller/db";
import { can, spreadsheetDownload, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { dashboardInput, readDashboard } from "./dashboard";
import { figureTables } from "./tables";

/**
 * One figure's table as an .xlsx, for the same range, locations and comparison as the screen: the rows the screen
 * shows under the chart (at most one per day of two months, per week of a year or per month of five years).
 */
export const exportFigure = staffProcedure
  .use(can("read", "analytics"))
  .input(dashboardInput.and(z.object({ figure: z.enum(ANALYTICS_FIGURE_KEYS) })))
  .mutation(async ({ ctx, input }) => {
    const [d, terms] = await Promise.all([readDashboard(ctx, input), loadCompanyTerms(ctx.db, ctx.companyId)]);
    const table = figureTables(d, terms.order)[input.figure];
    return spreadsheetDownload(
      `${analyticsFigures(terms)[input.figure].title} ${formatDay(input.from)} a ${formatDay(input.to)}`,
      {
        sheet: "Reporte",
        headers: table.headers,
        rows: table.rows,
      },
    );
  });
