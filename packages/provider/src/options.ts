import { queryRows } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { sql } from "drizzle-orm";

/** The request form's choices: the company's warehouses and products (a catalogue of hundreds, not more). */
export const options = staffProcedure.use(can("create", "inventory_action")).query(async ({ ctx }) => {
  const [warehouses, products] = await Promise.all([
    queryRows<{ id: number; name: string }>(
      ctx.db,
      sql`SELECT id, name FROM warehouses WHERE company_id = ${ctx.companyId} ORDER BY name, id`,
    ),
    queryRows<{ id: number; code: string; name: string; buy_price: number }>(
      ctx.db,
      sql`SELECT id, code, name, buy_price FROM products WHERE company_id = ${ctx.companyId} ORDER BY name, id LIMIT 2000`,
    ),
  ]);
  return { warehouses, products };
});
