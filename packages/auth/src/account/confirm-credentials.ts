import type { Db } from "@taller/db";
import { users, verifyPassword } from "@taller/db";
import { fieldError, TRPCError } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { reserveAttempt } from "../throttle";
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
 * Runs a credential check of the signed-in user under the login lockout: the attempt is reserved before anything is
 * verified, a check that throws leaves it counted as a failed login of the account, one that returns ends the
 * streak. Guessing through the settings screen so shares the login's lockout (5 in a row lock it for 5 minutes): a
 * stolen session cannot try passwords or codes faster than the login form allows, however many it sends at once.
 */
async function underLockout<T>(ctx: Who, check: () => Promise<T>): Promise<T> {
  const attempt = await reserveAttempt(ctx.db, { account: ctx.user.email, ip: ctx.ip });
  const result = await check();
  await attempt.succeed();
  return result;
}

async function checkPassword(ctx: Who, password: string, field: string) {
  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash, totpLastStep: users.totpLastStep })
    .from(users)
    .where(eq(users.id, ctx.user.id))
    .limit(1);
  if (!user) throw new TRPCError({ code: "NOT_FOUND", message: "Usuario no encontrado" });
  if (!(await verifyPassword(user.passwordHash, password)))
    throw fieldError("UNAUTHORIZED", field, "Contraseña inválida");
  return user;
}

/** The user's current password, under the lockout. */
export function confirmPassword(ctx: Who, password: string, field = "password") {
  return underLockout(ctx, () => checkPassword(ctx, password, field));
}

/** The current password, then an authenticator code for `secret` (single use): one attempt under the lockout. */
export function confirmPasswordAndCode(ctx: Who, input: { password: string; otp: string }, secret: string) {
  return underLockout(ctx, async () => {
    const user = await checkPassword(ctx, input.password, "password");
    if (!(await consumeTotp(ctx.db, user, secret, input.otp))) {
      throw fieldError("FORBIDDEN", "otp", "Código de autenticación inválido");
    }
  });
}
