import { companies as companiesTable } from "@taller/db";
import { managerProcedure } from "@taller/trpc";
import { asc, ilike } from "drizzle-orm";
import { z } from "zod";

/** The company autocomplete of the WhatsApp screen: up to 20 companies whose name contains the text. */
export const companies = managerProcedure
  .input(z.object({ search: z.string().trim().max(100).default("") }))
  .query(({ ctx, input }) => {
    const pattern = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return ctx.db
      .select({ id: companiesTable.id, name: companiesTable.name })
      .from(companiesTable)
      .where(ilike(companiesTable.name, pattern))
      .orderBy(asc(companiesTable.name), asc(companiesTable.id))
      .limit(20);
  });
