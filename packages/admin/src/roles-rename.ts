import { renameRoleSchema } from "@taller/core";
import { can, staffProcedure, withTransaction, uniqueOnField } from "@taller/trpc";
import { ROLE_TAKEN } from "./roles-create";
import { emitSetupChanged, renameNamed } from "./setup-changes";

export const ROLE_NOT_FOUND = "Rol no encontrado";

/** Renames a role of the caller's company; its users' sessions show the new name at their next request. */
export const rolesRename = staffProcedure
  .use(can("update", "manager"))
  .input(renameRoleSchema)
  .mutation(async ({ ctx, input }) => {
    await uniqueOnField(
      withTransaction(ctx, async (tx) => {
        await renameNamed(tx, {
          table: "roles",
          companyId: ctx.companyId,
          id: input.id,
          name: input.name,
          notFound: ROLE_NOT_FOUND,
        });
        await emitSetupChanged(tx, ctx.companyId, "roles");
      }),
      "name",
      ROLE_TAKEN,
    );
    return { id: input.id };
  });
