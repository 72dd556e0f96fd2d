import { renameLocationSchema } from "@taller/core";
import { can, staffProcedure, withTransaction, uniqueOnField } from "@taller/trpc";
import { LOCATION_TAKEN } from "./locations-create";
import { emitSetupChanged, renameNamed } from "./setup-changes";

export const LOCATION_NOT_FOUND = "Local no encontrado";

export const locationsRename = staffProcedure
  .use(can("update", "manager"))
  .input(renameLocationSchema)
  .mutation(async ({ ctx, input }) => {
    await uniqueOnField(
      withTransaction(ctx, async (tx) => {
        await renameNamed(tx, {
          table: "locations",
          companyId: ctx.companyId,
          id: input.id,
          name: input.name,
          notFound: LOCATION_NOT_FOUND,
        });
        await emitSetupChanged(tx, ctx.companyId, "locations");
      }),
      "name",
      LOCATION_TAKEN,
    );
    return { id: input.id };
  });
