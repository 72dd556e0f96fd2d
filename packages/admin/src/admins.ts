// The company must keep someone who can administer it: the last administrator cannot demote or deactivate
// themselves (or the last other administrator) into a company nobody can manage.
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

/** After the change, inside the same transaction: refuses (rolling it back) when no active administrator is left. */
export async function assertAdminRemains(tx: Transaction, companyId: number): Promise<void> {
  const [row] = await queryRows<{ n: number }>(
    tx.db,
    sql`SELECT count(*)::int AS n FROM users u
        JOIN role_permissions p ON p.role_id = u.role_id AND p.action = 'update' AND p.resource = 'manager'
        WHERE u.company_id = ${companyId} AND u.deactivated_at IS NULL`,
  );
  if (!row || row.n === 0) throw new TRPCError({ code: "BAD_REQUEST", message: LAST_ADMIN_MESSAGE });
}
