import { createRoleSchema } from "@taller/core";
import { queryRows } from "@taller/db";
import { can, fieldError, staffProcedure, withTransaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { emitSetupChanged, uniqueOnField } from "./setup-changes";

/** Roles one company may have: far beyond a workshop's needs, so the roles list is one answer. */
export const MAX_ROLES = 50;
export const ROLE_TAKEN = "Ya existe un rol con ese nombre";

/** A new role without grants (the grid gives them). The name is unique per company whatever its case. */
export const rolesCreate = staffProcedure
  .use(can("create", "manager"))
  .input(createRoleSchema)
  .mutation(({ ctx, input }) =>
    uniqueOnField(
      withTransaction(ctx, async (tx) => {
        // The cap and the insert are one statement, so two requests at the cap cannot both pass it.
        const [row] = await queryRows<{ id: number }>(
          tx.db,
          sql`INSERT INTO roles (company_id, name)
              SELECT ${ctx.companyId}, ${input.name}
              WHERE (SELECT count(*) FROM roles WHERE company_id = ${ctx.companyId}) < ${MAX_ROLES}
              RETURNING id`,
        );
        if (!row) throw fieldError("BAD_REQUEST", "name", `No se pueden crear más de ${MAX_ROLES} roles`);
        await emitSetupChanged(tx, ctx.companyId, "roles");
        return { id: row.id };
      }),
      "name",
      ROLE_TAKEN,
    ),
  );
