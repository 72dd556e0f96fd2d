import { queryRows } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";

/** Users one company may have; far beyond a workshop's staff, so one page is the whole list. */
export const MAX_USERS = 500;

export interface AdminUser {
  id: number;
  name: string;
  email: string;
  role_id: number | null;
  role_name: string | null;
  active: boolean;
  /** An invitation link not used yet and not expired: the user has not chosen a password. */
  invitation_pending: boolean;
  has_workpoint_code: boolean;
}

export const usersList = staffProcedure.use(can("read", "manager")).query(({ ctx }) =>
  queryRows<AdminUser>(
    ctx.db,
    sql`SELECT u.id, u.name, u.email, u.role_id, r.name AS role_name, u.deactivated_at IS NULL AS active,
               EXISTS (SELECT 1 FROM user_invitations i WHERE i.company_id = u.company_id AND i.user_id = u.id
                       AND i.used_at IS NULL AND i.expires_at > now()) AS invitation_pending,
               u.workpoint_code_hash IS NOT NULL AS has_workpoint_code
        FROM users u LEFT JOIN roles r ON r.company_id = u.company_id AND r.id = u.role_id
        WHERE u.company_id = ${ctx.companyId}
        ORDER BY u.deactivated_at IS NOT NULL, lower(u.name), u.id LIMIT ${MAX_USERS}`,
  ),
);
