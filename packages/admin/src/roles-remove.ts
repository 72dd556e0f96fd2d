import { queryRows } from "@taller/db";
import { sql } from "drizzle-orm";
import { deleteUnusedProcedure } from "./delete-unused";
import { ROLE_NOT_FOUND } from "./roles-rename";

/** Why a role its users still hold cannot go (a deleted role would leave them without grants, silently). */
export const roleInUseMessage = (name: string, users: number) =>
  `No se puede eliminar el rol «${name}»: ${users === 1 ? "lo tiene 1 usuario" : `lo tienen ${users} usuarios`}. Asígnales otro rol antes.`;

/**
 * Deletes a role nobody holds (deactivated users count: reactivating them would bring the role back). No user holds
 * it, so no administrator can be lost with it.
 */
export const rolesRemove = deleteUnusedProcedure("roles", ROLE_NOT_FOUND, async (tx, role) => {
  const [held] = await queryRows<{ n: number }>(
    tx.db,
    sql`SELECT count(*)::int AS n FROM users WHERE company_id = ${role.companyId} AND role_id = ${role.id}`,
  );
  return held && held.n > 0 ? roleInUseMessage(role.name, held.n) : null;
});
