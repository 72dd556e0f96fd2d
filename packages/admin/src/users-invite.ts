import { inviteUserSchema } from "@taller/core";
import { hashPassword, queryRows, users } from "@taller/db";
import { can, fieldError, staffProcedure, withTransaction } from "@taller/trpc";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { issueInvitation } from "./invitations";
import { assertRoleOfCompany } from "./roles";
import { MAX_USERS } from "./users-list";

/**
 * Creates a user and answers their one-time link (the administrator hands it over). The user has no usable
 * password until they open it: the stored hash is of random bytes nobody keeps.
 */
export const usersInvite = staffProcedure
  .use(can("create", "manager"))
  .input(inviteUserSchema)
  .mutation(async ({ ctx, input }) => {
    if (input.role_id !== null) await assertRoleOfCompany(ctx.db, ctx.companyId, input.role_id);
    const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
    return withTransaction(ctx, async (tx) => {
      // The count and the insert are one statement; ON CONFLICT turns a taken e-mail (of any company: login is by
      // e-mail alone) into a field error without saying which company holds it.
      const [row] = await queryRows<{ id: number }>(
        tx.db,
        sql`INSERT INTO users (company_id, role_id, name, email, password_hash)
            SELECT ${ctx.companyId}, ${input.role_id}, ${input.name}, ${input.email}, ${passwordHash}
            WHERE (SELECT count(*) FROM users WHERE company_id = ${ctx.companyId}) < ${MAX_USERS}
            ON CONFLICT (email) DO NOTHING RETURNING id`,
      );
      if (!row) {
        const [taken] = await tx.db
          .select({ id: users.id })
          .from(users)
          .where(sql`${users.email} = ${input.email}`)
          .limit(1);
        if (taken) throw fieldError("CONFLICT", "email", "Ya existe un usuario con ese correo");
        throw fieldError("BAD_REQUEST", "email", `No se pueden crear más de ${MAX_USERS} usuarios`);
      }
      const link = await issueInvitation(tx, ctx.companyId, row.id);
      await tx.emit({ type: "user.updated", companyId: ctx.companyId, payload: { id: row.id } });
      return { id: row.id, ...link };
    });
  });
