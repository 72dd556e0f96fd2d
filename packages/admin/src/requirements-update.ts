import { ADMIN_SETUP_TEXTS, requirementFieldsSchema } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, TRPCError, withTransaction, uniqueOnField } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { id } from "./inputs";
import { assertReferencesOfCompany } from "./requirements-write";
import { emitSetupChanged } from "./setup-changes";

/** Every field at once (the form sends them all); the next retention generation reads the new rule. */
export const requirementsUpdate = staffProcedure
  .use(can("update", "manager"))
  .input(z.object({ id }).and(requirementFieldsSchema))
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      if (input.next_requirement_id === input.id)
        throw fieldError("BAD_REQUEST", "next_requirement_id", "Elige otro requerimiento");
      await assertReferencesOfCompany(tx, ctx.companyId, input);
      const rows = await uniqueOnField(
        queryRows<{ id: number }>(
          tx.db,
          sql`UPDATE requirements SET name = ${input.name}, duration_minutes = ${input.duration_minutes}, price = ${input.price},
                     speciality_id = ${input.speciality_id}, next_requirement_id = ${input.next_requirement_id},
                     next_after_months = ${input.next_after_months}, next_after_kms = ${input.next_after_kms}
              WHERE company_id = ${ctx.companyId} AND id = ${input.id} RETURNING id`,
        ),
        "name",
        ADMIN_SETUP_TEXTS.requirementTaken,
      );
      if (rows.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: ADMIN_SETUP_TEXTS.requirementNotFound });
      await emitSetupChanged(tx, ctx.companyId, "requirements");
      return { id: input.id };
    }),
  );
