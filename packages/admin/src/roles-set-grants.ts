import { setRoleGrantsSchema } from "@taller/core";
import { queryRows, rolePermissions } from "@taller/db";
import { can, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { eq, sql } from "drizzle-orm";
import { assertAdminRemains, lockCompanyAdmins } from "./admins";
import { ROLE_NOT_FOUND } from "./roles-rename";
import { emitSetupChanged } from "./setup-changes";

/**
 * Replaces a role's grants with the grid's (the same grid sent twice leaves the same grants). Under the company lock
 * and with the check that an active administrator remains, so the last administering role keeps read and update
 * on manager. Its users' next request carries the new grants: `company.setup_changed` drops their cached sessions on
 * every process, and their open shells refetch the setup.
 */
export const rolesSetGrants = staffProcedure
  .use(can("update", "manager"))
  .input(setRoleGrantsSchema)
  .mutation(async ({ ctx, input }) => {
    await withTransaction(ctx, async (tx) => {
      await lockCompanyAdmins(tx, ctx.companyId);
      const [role] = await queryRows<{ id: number }>(
        tx.db,
        sql`SELECT id FROM roles WHERE company_id = ${ctx.companyId} AND id = ${input.id} FOR UPDATE`,
      );
      if (!role) throw new TRPCError({ code: "NOT_FOUND", message: ROLE_NOT_FOUND });
      await tx.db.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
      if (input.grants.length > 0) {
        await tx.db.insert(rolePermissions).values(
          input.grants.map((g) => ({
            roleId: role.id,
            action: g.action,
            resource: g.resource,
            restrictedToOwn: g.restricted_to_own,
          })),
        );
      }
      await assertAdminRemains(tx, ctx.companyId);
      await emitSetupChanged(tx, ctx.companyId, "roles");
    });
    return { id: input.id };
  });
