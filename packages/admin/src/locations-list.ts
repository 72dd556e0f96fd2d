import { queryRows } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";

/** Locations one company may have: a workshop chain's branches fit many times over, so the list is one answer. */
export const MAX_LOCATIONS = 100;

export interface AdminLocation {
  id: number;
  name: string;
}

export const locationsList = staffProcedure
  .use(can("read", "manager"))
  .query(({ ctx }) =>
    queryRows<AdminLocation>(
      ctx.db,
      sql`SELECT id, name FROM locations WHERE company_id = ${ctx.companyId} ORDER BY lower(name), id LIMIT ${MAX_LOCATIONS}`,
    ),
  );
