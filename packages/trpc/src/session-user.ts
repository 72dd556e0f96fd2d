import type { Db } from "@taller/db";
import { rolePermissions, roles, users } from "@taller/db";
import { and, eq, isNull } from "drizzle-orm";
import type { SessionUser } from "./context";

/** A user with the role's grants, as procedures see it in `ctx.user`. */
export async function loadSessionUser(db: Db, userId: number): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      roleId: users.roleId,
      roleName: roles.name,
      name: users.name,
      email: users.email,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    // A deactivated user has no session user: whatever session survived the deactivation stops working.
    .where(and(eq(users.id, userId), isNull(users.deactivatedAt)))
    .limit(1);
  if (!row) return null;
  const grants = row.roleId
    ? await db
        .select({
          action: rolePermissions.action,
          resource: rolePermissions.resource,
          restrictedToOwn: rolePermissions.restrictedToOwn,
        })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, row.roleId))
    : [];
  return { ...row, grants };
}
