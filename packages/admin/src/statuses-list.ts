import type { CrmStatusCategory, StatusTransition, StatusType } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";

export interface AdminStatus {
  id: number;
  type: StatusType;
  name: string;
  color: string;
  finish: boolean;
  /** The company's cancel status ('Anular' moves an order there). */
  cancel: boolean;
  /** A finished budget status meaning the client accepted the budget. */
  approve: boolean;
  position: number;
  crm_category: CrmStatusCategory | null;
}

/** Every status of the company by type and position, and the allowed transitions between them. */
export const statusesList = staffProcedure.use(can("read", "manager")).query(async ({ ctx }) => {
  const [statuses, transitions] = await Promise.all([
    queryRows<AdminStatus>(
      ctx.db,
      sql`SELECT id, type, name, color, finish, cancel, approve, position, crm_category FROM statuses
          WHERE company_id = ${ctx.companyId} ORDER BY type, position, id`,
    ),
    queryRows<StatusTransition>(
      ctx.db,
      sql`SELECT from_status_id, to_status_id FROM status_transitions WHERE company_id = ${ctx.companyId}
          ORDER BY from_status_id, to_status_id`,
    ),
  ]);
  return { statuses, transitions };
});
