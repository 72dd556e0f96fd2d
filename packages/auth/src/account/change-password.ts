import { changePasswordSchema } from "@taller/core";
import { hashPassword, users } from "@taller/db";
import { staffProcedure } from "@taller/trpc";
import { eq } from "drizzle-orm";
import { endOtherSessions, rotateSession } from "../session";
import { clearFailures } from "../throttle";
import { confirmPassword } from "./confirm-credentials";

export const changePasswordInput = changePasswordSchema;

/**
 * Changes the password, ends every other session of the user and rotates the current one. A wrong current password
 * counts as a failed login (shared lockout).
 */
export const changePassword = staffProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
  await confirmPassword(ctx, input.old_password, "old_password");
  await clearFailures(ctx.db, ctx.user.email);
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
    .where(eq(users.id, ctx.user.id));
  await endOtherSessions(ctx, ctx.user.id, ctx.session.id);
  await rotateSession(ctx, ctx.session, ctx.user.id);
  return { ok: true };
});
