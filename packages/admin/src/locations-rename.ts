import { renameLocationSchema } from "@taller/core";
import { locations } from "@taller/db";
import { can, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { LOCATION_TAKEN } from "./locations-create";
import { emitSetupChanged, uniqueOnField } from "./setup-changes";

export const LOCATION_NOT_FOUND = "Local no encontrado";

export const locationsRename = staffProcedure
  .use(can("update", "manager"))
  .input(renameLocationSchema)
  .mutation(({ ctx, input }) =>
    uniqueOnField(
      withTransaction(ctx, async (tx) => {
        const done = await tx.db
          .update(locations)
          .set({ name: input.name })
          .where(and(eq(locations.companyId, ctx.companyId), eq(locations.id, input.id)))
          .returning({ id: locations.id });
        if (done.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: LOCATION_NOT_FOUND });
        await emitSetupChanged(tx, ctx.companyId, "locations");
        return { id: input.id };
      }),
      "name",
      LOCATION_TAKEN,
    ),
  );
