/**
 * Operator login (seed 002 sections 2.7 and 4.5): e-mail, password and authenticator code, all required, every time.
 * Throttled like the staff login (one reservation per attempt before anything is verified) under an account key of
 * its own, so guessing an operator's password does not lock a staff account with the same e-mail and back.
 */
import { managerLoginSchema } from "@taller/core";
import { hashPassword, managerSessions, managerUsers, verifyPassword } from "@taller/db";
import { fieldError, managerProcedure, publicProcedure, reserveAttempt, TRPCError, verifyTotpStep } from "@taller/trpc";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { managerCookie, startManagerSession } from "./session";

// A real hash to verify against when the e-mail is unknown keeps response times alike.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword("no-such-operator-password"));

/** The throttle's account key for an operator e-mail (staff failures are counted under the bare e-mail). */
export const operatorAttemptKey = (email: string) => `manager:${email}`;

export const login = publicProcedure.input(managerLoginSchema).mutation(async ({ ctx, input }) => {
  const attempt = await reserveAttempt(ctx.db, { account: operatorAttemptKey(input.email), ip: ctx.ip });
  const [operator] = await ctx.db.select().from(managerUsers).where(eq(managerUsers.email, input.email)).limit(1);
  const passwordOk = await verifyPassword(operator?.passwordHash ?? (await getDummyHash()), input.password);
  if (!operator || !passwordOk)
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Correo o contraseña incorrectos" });
  const step = await verifyTotpStep(operator.totpSecret, input.otp, operator.totpLastStep);
  // The step is claimed by a conditional update: of two requests with the same code only one gets a session.
  const claimed =
    step !== null &&
    (
      await ctx.db
        .update(managerUsers)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(managerUsers.id, operator.id),
            or(isNull(managerUsers.totpLastStep), lt(managerUsers.totpLastStep, step)),
          ),
        )
        .returning({ id: managerUsers.id })
    ).length === 1;
  if (!claimed) throw fieldError("UNAUTHORIZED", "otp", "Código de autenticación inválido");
  await attempt.succeed();
  const token = await startManagerSession(ctx.db, operator.id);
  ctx.setCookie(managerCookie(token, ctx.secure));
  return { name: operator.name, email: operator.email };
});

/**
 * Re-authentication (seed 002 section 4.5): the operator of the session cookie, or null. A failed one clears the
 * cookie, so the browser is left with no session at all and the screen returns to the login.
 */
export const me = publicProcedure.query(async ({ ctx }) => {
  if (ctx.managerSession) {
    const [operator] = await ctx.db
      .select({ name: managerUsers.name, email: managerUsers.email })
      .from(managerUsers)
      .where(eq(managerUsers.id, ctx.managerSession.managerUserId))
      .limit(1);
    if (operator) return operator;
  }
  ctx.setCookie(managerCookie(null, ctx.secure));
  return null;
});

export const logout = managerProcedure.mutation(async ({ ctx }) => {
  await ctx.db.delete(managerSessions).where(eq(managerSessions.id, ctx.managerSession.id));
  ctx.setCookie(managerCookie(null, ctx.secure));
  return { ok: true };
});
