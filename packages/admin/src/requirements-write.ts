// What requirements.create and requirements.update share: the references a requirement's fields name must be the
// caller's company's (the composite keys would refuse another's; this says which field). A taken name is
// uniqueOnField (@taller/trpc).
import { ADMIN_SETUP_TEXTS, type RequirementFields } from "@taller/core";
import { queryRows } from "@taller/db";
import { fieldError, type Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";

export async function assertReferencesOfCompany(
  tx: Transaction,
  companyId: number,
  input: RequirementFields,
): Promise<void> {
  const [found] = await queryRows<{ speciality: boolean; next: boolean }>(
    tx.db,
    sql`SELECT EXISTS (SELECT 1 FROM specialities WHERE company_id = ${companyId} AND id = ${input.speciality_id}) AS speciality,
               EXISTS (SELECT 1 FROM requirements WHERE company_id = ${companyId} AND id = ${input.next_requirement_id}) AS next`,
  );
  if (input.speciality_id !== null && !found?.speciality)
    throw fieldError("BAD_REQUEST", "speciality_id", ADMIN_SETUP_TEXTS.unknownSpeciality);
  if (input.next_requirement_id !== null && !found?.next)
    throw fieldError("BAD_REQUEST", "next_requirement_id", ADMIN_SETUP_TEXTS.unknownRequirement);
}
