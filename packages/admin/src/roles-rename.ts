import { renameRoleSchema } from "@taller/core";
import { roles } from "@taller/db";
import { can, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { ROLE_TAKEN } from "./roles-create";
import { emitSetupChanged, uniqueOnField } from "./setup-changes";

export const ROLE_NOT_FOUND = "Rol no encontrado";

/** Renames a role of the caller's company; its users' sessions show the new name at their next request. */
export const rolesRename = staffProcedure
  .use(can("update", "manager"))
  .input(renameRoleSchema)
  .mutation(({ ctx, input }) =>
    uniqueOnField(
      withTransaction(ctx, async (tx) => {
        const done = await tx.db
          .update(roles)
          .set({ name: input.name })
          .where(and(eq(roles.companyId, ctx.companyId), eq(roles.id, input.id)))
          .returning({ id: roles.id });
        if (done.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: ROLE_NOT_FOUND });
        await emitSetupChanged(tx, ctx.companyId, "roles");
        return { id: input.id };
      }),
      "name",
      ROLE_TAKEN,
    ),
  );
