import { ADMIN_SETUP_TEXTS, createStatusSchema, MAX_STATUSES_PER_TYPE } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { emitSetupChanged } from "./setup-changes";

/**
 * A new status at the end of its type's list. The cap and the position are read in the insert itself, and the
 * unique (company, type, name) turns a double submit into 'Ya existe un estado con ese nombre'.
 */
export const statusesCreate = staffProcedure
  .use(can("create", "manager"))
  .input(createStatusSchema)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx.db,
        sql`INSERT INTO statuses (company_id, type, name, color, finish, crm_category, position)
            SELECT ${ctx.companyId}, ${input.type}, ${input.name}, ${input.color}, ${input.finish}, ${input.crm_category},
                   coalesce(max(position) + 1, 0)
            FROM statuses WHERE company_id = ${ctx.companyId} AND type = ${input.type}
            HAVING count(*) < ${MAX_STATUSES_PER_TYPE}
            ON CONFLICT (company_id, type, name) DO NOTHING RETURNING id`,
      );
      if (!row) {
        const [taken] = await queryRows<{ id: number }>(
          tx.db,
          sql`SELECT id FROM statuses WHERE company_id = ${ctx.companyId} AND type = ${input.type} AND name = ${input.name}`,
        );
        throw fieldError(
          taken ? "CONFLICT" : "BAD_REQUEST",
          "name",
          taken ? ADMIN_SETUP_TEXTS.statusTaken : ADMIN_SETUP_TEXTS.tooManyStatuses,
        );
      }
      await emitSetupChanged(tx, ctx.companyId, "statuses");
      return { id: row.id };
    }),
  );
