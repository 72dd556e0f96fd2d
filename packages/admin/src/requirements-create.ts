import { ADMIN_SETUP_TEXTS, MAX_REQUIREMENTS, requirementFieldsSchema } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, withTransaction, uniqueOnField } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { assertReferencesOfCompany } from "./requirements-write";
import { emitSetupChanged } from "./setup-changes";

export const requirementsCreate = staffProcedure
  .use(can("create", "manager"))
  .input(requirementFieldsSchema)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      await assertReferencesOfCompany(tx, ctx.companyId, input);
      const [row] = await uniqueOnField(
        queryRows<{ id: number }>(
          tx.db,
          sql`INSERT INTO requirements (company_id, name, duration_minutes, price, speciality_id, next_requirement_id, next_after_months, next_after_kms)
              SELECT ${ctx.companyId}, ${input.name}, ${input.duration_minutes}, ${input.price}, ${input.speciality_id},
                     ${input.next_requirement_id}, ${input.next_after_months}, ${input.next_after_kms}
              WHERE (SELECT count(*) FROM requirements WHERE company_id = ${ctx.companyId}) < ${MAX_REQUIREMENTS}
              RETURNING id`,
        ),
        "name",
        ADMIN_SETUP_TEXTS.requirementTaken,
      );
      if (!row) throw fieldError("BAD_REQUEST", "name", ADMIN_SETUP_TEXTS.tooManyRequirements);
      await emitSetupChanged(tx, ctx.companyId, "requirements");
      return { id: row.id };
    }),
  );
