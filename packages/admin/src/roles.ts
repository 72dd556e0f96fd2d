import type { Db } from "@taller/db";
import { queryRows, roles } from "@taller/db";
import { can, fieldError, staffProcedure } from "@taller/trpc";
import type { Action, Resource } from "@taller/core";
import { and, eq, sql } from "drizzle-orm";

/** A role id from a client must be one of the caller's company: another company's reads as unknown. */
export async function assertRoleOfCompany(db: Db, companyId: number, roleId: number): Promise<void> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.id, roleId)))
    .limit(1);
  if (!row) throw fieldError("BAD_REQUEST", "role_id", "Rol inválido");
}

export interface AdminRole {
  id: number;
  name: string;
  grants: { action: Action; resource: Resource; restricted_to_own: boolean }[];
}

/** The company's roles with their grants (the users screen's role picker and the roles table). */
export const rolesList = staffProcedure.use(can("read", "manager")).query(({ ctx }) =>
  queryRows<AdminRole>(
    ctx.db,
    sql`SELECT r.id, r.name,
               COALESCE(json_agg(json_build_object('action', p.action, 'resource', p.resource, 'restricted_to_own', p.restricted_to_own)
                                 ORDER BY p.resource, p.action) FILTER (WHERE p.id IS NOT NULL), '[]') AS grants
        FROM roles r LEFT JOIN role_permissions p ON p.role_id = r.id
        WHERE r.company_id = ${ctx.companyId} GROUP BY r.id ORDER BY r.name`,
  ),
);
