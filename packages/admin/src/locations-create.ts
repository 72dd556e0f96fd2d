import { createLocationSchema } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { MAX_LOCATIONS } from "./locations-list";
import { emitSetupChanged, uniqueOnField } from "./setup-changes";

export const LOCATION_TAKEN = "Ya existe un local con ese nombre";

/** A new location (branch); the name is unique per company whatever its case. */
export const locationsCreate = staffProcedure
  .use(can("create", "manager"))
  .input(createLocationSchema)
  .mutation(({ ctx, input }) =>
    uniqueOnField(
      withTransaction(ctx, async (tx) => {
        const [row] = await queryRows<{ id: number }>(
          tx.db,
          sql`INSERT INTO locations (company_id, name)
              SELECT ${ctx.companyId}, ${input.name}
              WHERE (SELECT count(*) FROM locations WHERE company_id = ${ctx.companyId}) < ${MAX_LOCATIONS}
              RETURNING id`,
        );
        if (!row) throw fieldError("BAD_REQUEST", "name", `No se pueden crear más de ${MAX_LOCATIONS} locales`);
        await emitSetupChanged(tx, ctx.companyId, "locations");
        return { id: row.id };
      }),
      "name",
      LOCATION_TAKEN,
    ),
  );
