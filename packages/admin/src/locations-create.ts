import { createLocationSchema } from "@taller/core";
import { can, staffProcedure, withTransaction, uniqueOnField } from "@taller/trpc";
import { MAX_LOCATIONS } from "./locations-list";
import { emitSetupChanged, insertNamed } from "./setup-changes";

export const LOCATION_TAKEN = "Ya existe un local con ese nombre";

/** A new location (branch); the name is unique per company whatever its case. */
export const locationsCreate = staffProcedure
  .use(can("create", "manager"))
  .input(createLocationSchema)
  .mutation(({ ctx, input }) =>
    uniqueOnField(
      withTransaction(ctx, async (tx) => {
        const tooMany = `No se pueden crear más de ${MAX_LOCATIONS} locales`;
        const row = await insertNamed(tx, {
          table: "locations",
          companyId: ctx.companyId,
          name: input.name,
          max: MAX_LOCATIONS,
          tooMany,
        });
        await emitSetupChanged(tx, ctx.companyId, "locations");
        return { id: row.id };
      }),
      "name",
      LOCATION_TAKEN,
    ),
  );
