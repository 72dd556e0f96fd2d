import { queryRows } from "@taller/db";
import { can, staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { id } from "./inputs";
import { ROLE_NOT_FOUND } from "./roles-rename";
import { deleteUnused, emitSetupChanged } from "./setup-changes";

/** Why a role its users still hold cannot go (a deleted role would leave them without grants, silently). */
export const roleInUseMessage = (name: string, users: number) =>
  `No se puede eliminar el rol «${name}»: ${users === 1 ? "lo tiene 1 usuario" : `lo tienen ${users} usuarios`}. Asígnales otro rol antes.`;

/**
 * Deletes a role nobody holds (deactivated users count: reactivating them would bring the role back). No user holds
 * it, so no administrator can be lost with it.
 */
export const rolesRemove = staffProcedure
  .use(can("destroy", "manager"))
  .input(z.object({ id }))
  .mutation(async ({ ctx, input }) => {
    await withTransaction(ctx, async (tx) => {
      await deleteUnused(tx, { table: "roles", companyId: ctx.companyId, id: input.id, notFound: ROLE_NOT_FOUND }, async (name) => {
        const [held] = await queryRows<{ n: number }>(
          tx.db,
          sql`SELECT count(*)::int AS n FROM users WHERE company_id = ${ctx.companyId} AND role_id = ${input.id}`,
        );
        return held && held.n > 0 ? roleInUseMessage(name, held.n) : null;
      });
      await emitSetupChanged(tx, ctx.companyId, "roles");
    });
    return { id: input.id };
  });
