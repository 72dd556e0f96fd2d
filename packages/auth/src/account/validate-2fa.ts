import { currentPasswordSchema, otpCodeSchema } from "@taller/core";
import { enableTotp } from "@taller/admin";
import { fieldError, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { z } from "zod";
import { getProfile } from "../me";
import { rotateSession } from "../session";
import { confirmPasswordAndCode, totpState } from "./confirm-credentials";

export const validate2faInput = z.object({
  password: currentPasswordSchema,
  otp: otpCodeSchema,
  otp_secret: z.string().min(1).max(200),
});

const staleSecret = () =>
  fieldError("BAD_REQUEST", "otp_secret", "El código QR ya no es válido, vuelve a habilitar 2FA");

/**
 * Turns 2FA on once the user proves the password and a code of the secret enable2fa issued. The secret must be the
 * one issued (a client cannot bring its own); the session is replaced, as after any credential change.
 */
export const validate2fa = staffProcedure.input(validate2faInput).mutation(async ({ ctx, input }) => {
  const user = await totpState(ctx);
  if (user.enabled) throw new TRPCError({ code: "BAD_REQUEST", message: "2FA ya está habilitado" });
  if (!user.secret || user.secret !== input.otp_secret) throw staleSecret();
  await confirmPasswordAndCode(ctx, input, user.secret);
  // Conditional on the secret: one issued by a newer enable2fa in between must not be turned on unconfirmed.
  const secret = user.secret;
  await withTransaction(ctx, async (tx) => {
    if (!(await enableTotp(tx.db, ctx.user.id, secret))) throw staleSecret();
    await rotateSession(tx, ctx, ctx.session, ctx.user.id);
  });
  return getProfile(ctx.db, ctx.user.id, ctx.companyId);
});
