import { changePasswordSchema } from "@taller/core";
import { setPasswordHash } from "@taller/admin";
import { hashPassword } from "@taller/db";
import { staffProcedure, withTransaction } from "@taller/trpc";
import { endOtherSessions, rotateSession } from "../session";
import { confirmPassword } from "./confirm-credentials";

export const changePasswordInput = changePasswordSchema;

/**
 * Changes the password, ends every other session of the user and rotates the current one, in one transaction. A
 * wrong current password counts as a failed login (shared lockout).
 */
export const changePassword = staffProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
  await confirmPassword(ctx, input.old_password, "old_password");
  const passwordHash = await hashPassword(input.password);
  await withTransaction(ctx, async (tx) => {
    await setPasswordHash(tx.db, ctx.user.id, passwordHash);
    await endOtherSessions(tx, ctx.user.id, ctx.session.id);
    await rotateSession(tx, ctx, ctx.session, ctx.user.id);
  });
  return { ok: true };
});
