import { createRoleSchema } from "@taller/core";
import { can, staffProcedure, withTransaction, uniqueOnField } from "@taller/trpc";
import { emitSetupChanged, insertNamed } from "./setup-changes";

/** Roles one company may have: far beyond a workshop's needs, so the roles list is one answer. */
export const MAX_ROLES = 50;
export const ROLE_TAKEN = "Ya existe un rol con ese nombre";

/** A new role without grants (the grid gives them). The name is unique per company whatever its case. */
export const rolesCreate = staffProcedure
  .use(can("create", "manager"))
  .input(createRoleSchema)
  .mutation(({ ctx, input }) =>
    uniqueOnField(
      withTransaction(ctx, async (tx) => {
        const tooMany = `No se pueden crear más de ${MAX_ROLES} roles`;
        const row = await insertNamed(tx, {
          table: "roles",
          companyId: ctx.companyId,
          name: input.name,
          max: MAX_ROLES,
          tooMany,
        });
        await emitSetupChanged(tx, ctx.companyId, "roles");
        return { id: row.id };
      }),
      "name",
      ROLE_TAKEN,
    ),
  );
