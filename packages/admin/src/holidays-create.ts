import { createHolidaySchema } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, withTransaction, uniqueOnField } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { MAX_HOLIDAYS_PER_YEAR, yearRange } from "./holidays-list";
import { emitSetupChanged } from "./setup-changes";

/**
 * A holiday for the whole company or one location: the agenda locks that day (booking's free-slot search and its
 * month and day views read holidays). One per day and location, held by the unique key.
 */
export const holidaysCreate = staffProcedure
  .use(can("create", "manager"))
  .input(createHolidaySchema)
  .mutation(({ ctx, input }) =>
    uniqueOnField(
      withTransaction(ctx, async (tx) => {
        if (input.location_id !== null) {
          const [location] = await queryRows(
            tx.db,
            sql`SELECT 1 FROM locations WHERE company_id = ${ctx.companyId} AND id = ${input.location_id}`,
          );
          if (!location) throw fieldError("BAD_REQUEST", "location_id", "Local inválido");
        }
        const year = Number(input.date.slice(0, 4));
        const [row] = await queryRows<{ id: number }>(
          tx.db,
          sql`INSERT INTO holidays (company_id, location_id, date, name)
              SELECT ${ctx.companyId}, ${input.location_id}, ${input.date}::date, ${input.name}
              WHERE (SELECT count(*) FROM holidays WHERE company_id = ${ctx.companyId} AND ${yearRange(sql`date`, year)}) < ${MAX_HOLIDAYS_PER_YEAR}
              RETURNING id`,
        );
        if (!row)
          throw fieldError(
            "BAD_REQUEST",
            "date",
            `No se pueden crear más de ${MAX_HOLIDAYS_PER_YEAR} feriados en un año`,
          );
        await emitSetupChanged(tx, ctx.companyId, "holidays");
        return { id: row.id };
      }),
      "date",
      input.location_id === null
        ? "Ya hay un feriado de toda la empresa ese día"
        : "Ya hay un feriado ese día en ese local",
    ),
  );
