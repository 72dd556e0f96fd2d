/** Companies as operators see them (seed 002 sections 3.6 and 7.4): list, create with a name and domain, delete. */
import { companyPreferencesSchema, DEFAULT_DAYS_PREFERENCES, managerCompanySchema } from "@taller/core";
import { companies } from "@taller/db";
import { managerProcedure, TRPCError } from "@taller/trpc";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";

export const list = managerProcedure.query(({ ctx }) =>
  ctx.db
    .select({ id: companies.id, name: companies.name, domain: companies.domain })
    .from(companies)
    .orderBy(asc(companies.name)),
);

export const create = managerProcedure.input(managerCompanySchema).mutation(async ({ ctx, input }) => {
  const [taken] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.domain, input.domain))
    .limit(1);
  if (taken) throw new TRPCError({ code: "CONFLICT", message: "Ya existe una compañía con ese dominio" });
  // The unique index still holds if two operators create the same domain at once (a CONFLICT, see databaseErrors).
  const [row] = await ctx.db
    .insert(companies)
    .values({ ...input, preferences: companyPreferencesSchema.parse({}), daysPreferences: DEFAULT_DAYS_PREFERENCES })
    .returning({ id: companies.id, name: companies.name, domain: companies.domain });
  return row;
});

/** Deleting a company deletes everything it owns (every tenant table cascades from companies). */
export const remove = managerProcedure
  .input(
    z.object({
      id: z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const deleted = await ctx.db.delete(companies).where(eq(companies.id, input.id)).returning({ id: companies.id });
    if (deleted.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: "Compañía no encontrada" });
    return { ok: true };
  });
