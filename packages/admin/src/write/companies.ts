// Admin owns the companies table: the company's own preferences (preferences-*.ts) and, for the operators'
// area (@taller/manager), a company's creation and deletion.
import { companyPreferencesSchema, DEFAULT_DAYS_PREFERENCES, type managerCompanySchema } from "@taller/core";
import { companies, type Db } from "@taller/db";
import { TRPCError } from "@taller/trpc";
import { eq } from "drizzle-orm";
import type { z } from "zod";

/** A new company with the default preferences; CONFLICT when its login domain is another company's. */
export async function createCompany(db: Db, input: z.output<typeof managerCompanySchema>) {
  const [taken] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.domain, input.domain))
    .limit(1);
  if (taken) throw new TRPCError({ code: "CONFLICT", message: "Ya existe una compañía con ese dominio" });
  // The unique index still holds if two operators create the same domain at once (a CONFLICT, see databaseErrors).
  const [row] = await db
    .insert(companies)
    .values({ ...input, preferences: companyPreferencesSchema.parse({}), daysPreferences: DEFAULT_DAYS_PREFERENCES })
    .returning({ id: companies.id, name: companies.name, domain: companies.domain });
  return row;
}

/** Deleting a company deletes everything it owns (every tenant table cascades from companies). */
export async function deleteCompany(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
  if (deleted.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: "Compañía no encontrada" });
}
