/**
 * Companies as operators see them (seed 002 sections 3.6 and 7.4): list, create with a name and domain, delete; the
 * writes are @taller/admin's, which owns companies.
 */
import { createCompany, deleteCompany } from "@taller/admin";
import { managerCompanySchema } from "@taller/core";
import { companies } from "@taller/db";
import { managerProcedure } from "@taller/trpc";
import { asc } from "drizzle-orm";
import { z } from "zod";

export const list = managerProcedure.query(({ ctx }) =>
  ctx.db
    .select({ id: companies.id, name: companies.name, domain: companies.domain })
    .from(companies)
    .orderBy(asc(companies.name)),
);

export const create = managerProcedure
  .input(managerCompanySchema)
  .mutation(({ ctx, input }) => createCompany(ctx.db, input));

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
    await deleteCompany(ctx.db, input.id);
    return { ok: true };
  });
