import { holidayYearSchema } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";

/** Holidays one company may have in a year (every day, company-wide and at a location): the year is one answer. */
export const MAX_HOLIDAYS_PER_YEAR = 400;

export interface AdminHoliday {
  id: number;
  date: string;
  name: string;
  /** null: every location of the company. */
  location_id: number | null;
  location_name: string | null;
}

/** Where a year's holidays start and end, as the (company, date, location) key reads them. */
export const yearRange = (date: SQL, year: number) =>
  sql`${date} >= make_date(${year}, 1, 1) AND ${date} < make_date(${year + 1}, 1, 1)`;

/** The year's holidays, company-wide first on each day. */
export const holidaysList = staffProcedure
  .use(can("read", "manager"))
  .input(z.object({ year: holidayYearSchema }))
  .query(({ ctx, input }) =>
    queryRows<AdminHoliday>(
      ctx.db,
      sql`SELECT h.id, h.date::text AS date, h.name, h.location_id, l.name AS location_name
          FROM holidays h LEFT JOIN locations l ON l.company_id = h.company_id AND l.id = h.location_id
          WHERE h.company_id = ${ctx.companyId} AND ${yearRange(sql`h.date`, input.year)}
          ORDER BY h.date, h.location_id NULLS FIRST, h.id LIMIT ${MAX_HOLIDAYS_PER_YEAR}`,
    ),
  );
