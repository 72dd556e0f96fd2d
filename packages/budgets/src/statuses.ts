import { statusTransitionsOf } from "@taller/admin";
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
    statusTransitionsOf(ctx.db, ctx.companyId, "Budget"),
  ]);
  return { statuses: rows, transitions };
});
