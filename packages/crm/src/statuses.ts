import type { CrmStatusCategory } from "@taller/core";
import { statusTransitionsOf } from "@taller/admin";
import { queryRows } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";

/** The company's Crm::Booking statuses in their order, and which may follow which: the detail's status menu. */
export const statuses = staffProcedure.use(can("read", "crm")).query(async ({ ctx }) => {
  const [rows, transitions] = await Promise.all([
    queryRows<{ id: number; name: string; color: string; category: CrmStatusCategory }>(
      ctx.db,
      sql`SELECT id, name, color, crm_category AS category FROM statuses
          WHERE company_id = ${ctx.companyId} AND type = 'Crm::Booking' ORDER BY position, id`,
    ),
    statusTransitionsOf(ctx.db, ctx.companyId, "Crm::Booking"),
  ]);
  return { statuses: rows, transitions };
});
