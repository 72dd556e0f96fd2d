// The company must keep someone who can administer it: the last administrator cannot demote or deactivate
// themselves (or the last other administrator), nor take the administering grants away from their role, leaving a
// company nobody can manage.
import { ADMIN_GRANTS } from "@taller/core";
import { queryRows } from "@taller/db";
import { TRPCError, type Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";

export const LAST_ADMIN_MESSAGE = "La empresa debe conservar al menos un usuario activo que pueda administrarla";

/**
 * Serialises the company's user administration: two administrators demoting each other at the same moment would
 * each see the other still there. Taken first in every transaction that can remove an administrator.
 */
export async function lockCompanyAdmins(tx: Transaction, companyId: number): Promise<void> {
  await queryRows(tx.db, sql`SELECT id FROM companies WHERE id = ${companyId} FOR UPDATE`);
}

const adminGrantRows = sql.join(
  ADMIN_GRANTS.map((g) => sql`(${g.action}, ${g.resource})`),
  sql`, `,
);

/**
 * After the change, inside the same transaction: refuses (rolling it back) when no active user's role holds every
 * administering grant (ADMIN_GRANTS: a user change, a role's grants edited).
 */
export async function assertAdminRemains(tx: Transaction, companyId: number): Promise<void> {
  const [row] = await queryRows<{ n: number }>(
    tx.db,
    sql`SELECT count(*)::int AS n FROM users u
        WHERE u.company_id = ${companyId} AND u.deactivated_at IS NULL
          AND (SELECT count(*) FROM role_permissions p
               WHERE p.role_id = u.role_id AND (p.action, p.resource) IN (${adminGrantRows})) = ${ADMIN_GRANTS.length}`,
  );
  if (!row || row.n === 0) throw new TRPCError({ code: "BAD_REQUEST", message: LAST_ADMIN_MESSAGE });
}
