import { otpCodeSchema, USER_DEACTIVATED_MESSAGE } from "@taller/core";
import { hashPassword, users, verifyPassword } from "@taller/db";
import { fieldError, publicProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { startSession } from "./session";
import { reserveAttempt } from "./throttle";
import { consumeTotp } from "./totp";

export const loginInput = z.object({
  email: z
    .email("Correo inválido")
    .max(254)
    .transform((e) => e.trim().toLowerCase()),
  password: z.string().min(1, "Ingresa tu contraseña").max(200),
  otp: otpCodeSchema.optional(),
});

// Verifying against a real hash when the e-mail is unknown keeps response times alike, so timing does not reveal
// which e-mails have accounts.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword("no-such-user-password"));

export const login = publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
  // Counted before anything is verified; every way out below that is not a success leaves it counted as a failure.
  const attempt = await reserveAttempt(ctx.db, { account: input.email, ip: ctx.ip });
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user || !passwordOk) throw new TRPCError({ code: "UNAUTHORIZED", message: "Correo o contraseña incorrectos" });
  // Said only after the right password, so it reveals nothing to someone guessing.
  if (user.deactivatedAt) throw new TRPCError({ code: "FORBIDDEN", message: USER_DEACTIVATED_MESSAGE });
  if (user.totpEnabled && user.totpSecret) {
    if (!input.otp) {
      await attempt.release();
      return { status: "otp_required" as const };
    }
    if (!(await consumeTotp(ctx.db, user, user.totpSecret, input.otp))) {
      throw fieldError("UNAUTHORIZED", "otp", "Código de autenticación inválido");
    }
  }
  await attempt.succeed();
  await withTransaction(ctx, (tx) => startSession(tx, ctx, user));
  return { status: "ok" as const, userId: user.id };
});
