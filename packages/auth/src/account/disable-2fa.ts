import { currentPasswordSchema, otpCodeSchema } from "@taller/core";
import { disableTotp } from "@taller/admin";
import { staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { z } from "zod";
import { getProfile } from "../me";
import { rotateSession } from "../session";
import { confirmPasswordAndCode, totpState } from "./confirm-credentials";

export const disable2faInput = z.object({ password: currentPasswordSchema, otp: otpCodeSchema });

/** Turns 2FA off after the password and a current code; the secret is forgotten and the session replaced. */
export const disable2fa = staffProcedure.input(disable2faInput).mutation(async ({ ctx, input }) => {
  const user = await totpState(ctx);
  if (!user.enabled || !user.secret) throw new TRPCError({ code: "BAD_REQUEST", message: "2FA no está habilitado" });
  await confirmPasswordAndCode(ctx, input, user.secret);
  await withTransaction(ctx, async (tx) => {
    await disableTotp(tx.db, ctx.user.id);
    await rotateSession(tx, ctx, ctx.session, ctx.user.id);
  });
  return getProfile(ctx.db, ctx.user.id, ctx.companyId);
});
