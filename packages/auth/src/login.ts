import { otpCodeSchema } from "@taller/core";
import { hashPassword, users, verifyPassword } from "@taller/db";
import { fieldError, publicProcedure, TRPCError } from "@taller/trpc";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { startSession } from "./session";
import { assertLoginAllowed, clearFailures, recordFailure } from "./throttle";
import { consumeTotp } from "./totp";

export const loginInput = z.object({
  email: z.email("Correo inválido").max(254).transform((e) => e.trim().toLowerCase()),
  password: z.string().min(1, "Ingresa tu contraseña").max(200),
  otp: otpCodeSchema.optional(),
});

// Verifying against a real hash when the e-mail is unknown keeps response times alike, so timing does not reveal
// which e-mails have accounts.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword("no-such-user-password"));

export const login = publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
  await assertLoginAllowed(ctx.db, input.email, ctx.ip);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user || !passwordOk) {
    await recordFailure(ctx.db, input.email, ctx.ip);
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Correo o contraseña incorrectos" });
  }
  if (user.totpEnabled && user.totpSecret) {
    if (!input.otp) return { status: "otp_required" as const };
    if (!(await consumeTotp(ctx.db, user, user.totpSecret, input.otp))) {
      await recordFailure(ctx.db, input.email, ctx.ip);
      throw fieldError("UNAUTHORIZED", "otp", "Código de autenticación inválido");
    }
  }
  await clearFailures(ctx.db, input.email);
  await startSession(ctx, user);
  return { status: "ok" as const, userId: user.id };
});
