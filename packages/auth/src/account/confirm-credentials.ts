import { users, verifyPassword } from "@taller/db";
import { fieldError, TRPCError } from "@taller/trpc";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { clearFailures, countFailures, lockoutMessage, loginWaitMs, recordFailure } from "../throttle";
import { consumeTotp } from "../totp";

export const currentPasswordSchema = z.string().min(1, "Contraseña inválida").max(200);

interface Who {
  db: Parameters<typeof countFailures>[0];
  ip: string;
  user: { id: number; email: string };
}

/**
 * Checks the current password and then an authenticator code for `secret`. Failures are recorded as failed logins of
 * the account, so guessing through the settings screen shares the login's lockout (5 in a row lock it for 5
 * minutes): a stolen session cannot try codes or passwords faster than the login form allows.
 */
export async function confirmPasswordAndCode(ctx: Who, input: { password: string; otp: string }, secret: string) {
  const now = Date.now();
  const wait = loginWaitMs(await countFailures(ctx.db, ctx.user.email, ctx.ip, now), now);
  if (wait > 0) throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: lockoutMessage(wait) });

  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash, totpLastStep: users.totpLastStep })
    .from(users)
    .where(eq(users.id, ctx.user.id))
    .limit(1);
  if (!user) throw new TRPCError({ code: "NOT_FOUND", message: "Usuario no encontrado" });
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordFailure(ctx.db, ctx.user.email, ctx.ip);
    throw fieldError("UNAUTHORIZED", "password", "Contraseña inválida");
  }
  if (!(await consumeTotp(ctx.db, user, secret, input.otp))) {
    await recordFailure(ctx.db, ctx.user.email, ctx.ip);
    throw fieldError("FORBIDDEN", "otp", "Código de autenticación inválido");
  }
  await clearFailures(ctx.db, ctx.user.email);
}
