import type { Db } from "@taller/db";
import { users, verifyPassword } from "@taller/db";
import { fieldError, TRPCError } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { assertLoginAllowed, clearFailures, recordFailure } from "../throttle";
import { consumeTotp } from "../totp";

interface Who {
  db: Db;
  ip: string;
  user: { id: number; email: string };
}

/** The user's 2FA state: the stored secret (issued or active) and whether it is on. */
export async function totpState(ctx: Who & { companyId: number }) {
  const [user] = await ctx.db
    .select({ secret: users.totpSecret, enabled: users.totpEnabled })
    .from(users)
    .where(and(eq(users.id, ctx.user.id), eq(users.companyId, ctx.companyId)))
    .limit(1);
  if (!user) throw new TRPCError({ code: "NOT_FOUND", message: "Usuario no encontrado" });
  return user;
}

/**
 * Checks the user's current password under the login lockout. Failures are recorded as failed logins of the account,
 * so guessing through the settings screen shares the login's lockout (5 in a row lock it for 5 minutes): a stolen
 * session cannot try passwords or codes faster than the login form allows.
 */
export async function confirmPassword(ctx: Who, password: string, field = "password") {
  await assertLoginAllowed(ctx.db, ctx.user.email, ctx.ip);

  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash, totpLastStep: users.totpLastStep })
    .from(users)
    .where(eq(users.id, ctx.user.id))
    .limit(1);
  if (!user) throw new TRPCError({ code: "NOT_FOUND", message: "Usuario no encontrado" });
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordFailure(ctx.db, ctx.user.email, ctx.ip);
    throw fieldError("UNAUTHORIZED", field, "Contraseña inválida");
  }
  return user;
}

/** The current password, then an authenticator code for `secret` (single use), both under the lockout. */
export async function confirmPasswordAndCode(ctx: Who, input: { password: string; otp: string }, secret: string) {
  const user = await confirmPassword(ctx, input.password);
  if (!(await consumeTotp(ctx.db, user, secret, input.otp))) {
    await recordFailure(ctx.db, ctx.user.email, ctx.ip);
    throw fieldError("FORBIDDEN", "otp", "Código de autenticación inválido");
  }
  await clearFailures(ctx.db, ctx.user.email);
}
