import { providerSupplierSchema } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, staffProcedure, userError } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";

export interface Supplier {
  id: number;
  name: string;
  mail: string | null;
  phone: string | null;
  rut: string | null;
}

const COLUMNS = sql`id, name, mail, phone, rut`;

/** The company's suppliers, by name (the request form's picker; a workshop has tens of them, not thousands). */
export const suppliers = staffProcedure
  .use(can("read", "inventory_action"))
  .input(z.object({ search: z.string().trim().max(100).optional() }).optional())
  .query(({ ctx, input }): Promise<Supplier[]> => {
    const search = input?.search ? `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    return queryRows<Supplier>(
      ctx.db,
      sql`SELECT ${COLUMNS} FROM providers WHERE company_id = ${ctx.companyId}
          ${search ? sql`AND name ILIKE ${search}` : sql``} ORDER BY name, id LIMIT 200`,
    );
  });

export const createSupplier = staffProcedure
  .use(can("create", "inventory_action"))
  .input(providerSupplierSchema)
  .mutation(async ({ ctx, input }): Promise<Supplier> => {
    const [row] = await queryRows<Supplier>(
      ctx.db,
      sql`INSERT INTO providers (company_id, name, mail, phone, rut)
          VALUES (${ctx.companyId}, ${input.name}, ${input.mail ?? null}, ${input.phone || null}, ${input.rut || null})
          ON CONFLICT (company_id, name) DO NOTHING RETURNING ${COLUMNS}`,
    );
    if (!row) throw userError("CONFLICT", "Ya existe un proveedor con ese nombre");
    return row;
  });
