import { companyPreferencesSchema, companyTerms, notFoundText, type TermKey, type TermWords } from "@taller/core";
import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { companies } from "./schema";

/**
 * The company's own words for vehicle, client, order and CRM (its preferences' 'Términos'), as screens read them
 * through useTerms(): the one reader for what the server writes with them (spreadsheet headers, PDFs, titles).
 */
export async function loadCompanyTerms(db: Db, companyId: number): Promise<Record<TermKey, TermWords>> {
  const [row] = await db
    .select({ preferences: companies.preferences })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return companyTerms(companyPreferencesSchema.parse(row?.preferences ?? {}).terms);
}

/** A message that names one of the company's terms, looked up only when it is said (a refusal, a title). */
export async function termText(
  db: Db,
  companyId: number,
  key: TermKey,
  text: (term: TermWords) => string,
): Promise<string> {
  return text((await loadCompanyTerms(db, companyId))[key]);
}

/** The NOT_FOUND message for a record the company names with a term: 'Bicicleta inexistente'. */
export const termNotFound = (db: Db, companyId: number, key: TermKey) => termText(db, companyId, key, notFoundText);
