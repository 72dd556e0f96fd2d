import { queryRows, searchFold } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";

/** The catalogue for the budget form: up to 20 products whose name or code contains the text (all when empty). */
export const products = staffProcedure
  .use(can("create", "budget"))
  .input(z.object({ search: z.string().trim().max(100).default("") }))
  .query(({ ctx, input }) => {
    const pattern = `%${searchFold(input.search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return queryRows<{ id: number; code: string; name: string; price: number }>(
      ctx.db,
      sql`SELECT id, code, name, price FROM products
          WHERE company_id = ${ctx.companyId} AND search_fold(name || ' ' || code) LIKE ${pattern}
          ORDER BY name, id LIMIT 20`,
    );
  });
