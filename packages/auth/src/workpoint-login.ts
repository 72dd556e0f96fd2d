// The work-point kiosk's login and logout (seed 000 sections 2.9, 4, 7): a registered device (its token, sent by the
// kiosk screen as x-workpoint-token) plus a user's work-point code start a kiosk session for that user.
import { setOnline } from "@taller/admin";
import { WORKPOINT_CODE_MIN } from "@taller/core";
import { userDevices, workpointTokens } from "@taller/db";
import { fieldError, publicProcedure, sha256, TRPCError, withTransaction } from "@taller/trpc";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { blankSessionCookie, endSessions, startSession } from "./session";
import { lockoutMessage, reserveAttempt } from "./throttle";
import { findUserByWorkpointCode } from "./workpoint-code";

export const workpointLoginInput = z.object({
  code: z
    .string()
    .min(WORKPOINT_CODE_MIN, `Código inválido, debe tener mínimo ${WORKPOINT_CODE_MIN} caracteres`)
    .max(100),
});

const tooMany = (waitMs: number) => lockoutMessage(waitMs, "Demasiados códigos incorrectos");

/**
 * 'Work-point auth': the code plus the token. A code is short (4 digits is 10,000 guesses) and one guess is tried
 * against every user of the company at once, so attempts are reserved before anything is verified (as staff login
 * does), against the device and against the company (every device of it: each user's code is guessed through them
 * all), besides the IP: 5 wrong codes within 15 minutes lock the device and the company's kiosks until 5 minutes
 * after the last, 100 an hour. A right code clears none of these counts (it proves one user's code, not the other
 * tries on the device): otherwise a técnico could slip his own code between guesses and never be refused.
 * 401 marks the code invalid.
 */
export const workpointLogin = publicProcedure.input(workpointLoginInput).mutation(async ({ ctx, input }) => {
  const token = ctx.workpointToken;
  const [device] =
    token && token.length <= 200
      ? await ctx.db
          .select({ id: workpointTokens.id, companyId: workpointTokens.companyId })
          .from(workpointTokens)
          .where(eq(workpointTokens.tokenHash, sha256(token)))
          .limit(1)
      : [];
  if (!device)
    throw new TRPCError({
      code: "UNAUTHORIZED",
      message: "Token de punto de trabajo inválido. Contacte Administrador.",
    });

  const byDevice = await reserveAttempt(ctx.db, { account: `workpoint-device:${device.id}`, ip: ctx.ip }, tooMany);
  // Refused by the company's limit, the attempt checks nothing: it does not count against the device either.
  const byCompany = await reserveAttempt(
    ctx.db,
    { account: `workpoint-company:${device.companyId}`, ip: ctx.ip },
    tooMany,
  ).catch(async (error: unknown) => {
    await byDevice.release();
    throw error;
  });
  const userId = await findUserByWorkpointCode(ctx.db, device.companyId, input.code);
  if (userId === null) throw fieldError("UNAUTHORIZED", "code", "Código inválido");
  await byDevice.release();
  await byCompany.release();

  // Entering the kiosk sets the user online (seed 000 section 4).
  await withTransaction(ctx, async (tx) => {
    await setOnline(tx.db, device.companyId, userId, true);
    const sessionId = await startSession(tx, ctx, { id: userId, companyId: device.companyId }, "kiosk");
    // Bound to the device, so revoking the device ends the session (workpoint.devices.revoke).
    await tx.db.update(userDevices).set({ workpointTokenId: device.id }).where(eq(userDevices.sessionId, sessionId));
  });
  return { ok: true as const };
});

/** Ends the kiosk session of this browser (a staff session is left alone: staff log out through auth.logout). */
export const workpointLogout = publicProcedure.mutation(async ({ ctx }) => {
  if (ctx.session?.kind === "kiosk") {
    const session = ctx.session;
    await withTransaction(ctx, (tx) => endSessions(tx, [session.id]));
    ctx.setCookie(blankSessionCookie(ctx.db, ctx.secure));
  }
  return { ok: true as const };
});
