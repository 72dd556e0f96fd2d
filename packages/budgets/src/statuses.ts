import { queryRows } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";

/** The company's budget statuses in order, and which may follow which (empty: any). */
export const statuses = staffProcedure.use(can("read", "budget")).query(async ({ ctx }) => {
  const [rows, transitions] = await Promise.all([
    queryRows<{ id: number; name: string; color: string; finish: boolean }>(
      ctx.db,
      sql`SELECT id, name, color, finish FROM statuses WHERE company_id = ${ctx.companyId} AND type = 'Budget' ORDER BY position, id`,
    ),
    queryRows<{ from_status_id: number; to_status_id: number }>(
      ctx.db,
      sql`SELECT t.from_status_id, t.to_status_id FROM status_transitions t
          JOIN statuses s ON s.company_id = t.company_id AND s.id = t.from_status_id AND s.type = 'Budget'
          WHERE t.company_id = ${ctx.companyId} ORDER BY 1, 2`,
    ),
  ]);
  return { statuses: rows, transitions };
});
