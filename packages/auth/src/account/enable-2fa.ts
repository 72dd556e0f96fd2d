import { issueTotpSecret } from "@taller/admin";
import { companies, users } from "@taller/db";
import { staffProcedure, TRPCError } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { generateSecret, generateURI } from "otplib";

/**
 * Issues a new authenticator secret and its QR. The secret waits in users.totp_secret with 2FA still off until
 * validate2fa proves the user's app produces its codes; a new call replaces an unconfirmed one.
 */
export const enable2fa = staffProcedure.mutation(async ({ ctx }) => {
  const [row] = await ctx.db
    .select({ email: users.email, enabled: users.totpEnabled, company: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, ctx.user.id), eq(users.companyId, ctx.companyId)))
    .limit(1);
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Usuario no encontrado" });
  if (row.enabled) throw new TRPCError({ code: "BAD_REQUEST", message: "2FA ya está habilitado" });

  const secret = generateSecret();
  await issueTotpSecret(ctx.db, ctx.user.id, secret);
  const uri = generateURI({ issuer: row.company, label: row.email, secret });
  // Loaded when a user turns 2FA on, not at start.
  const { default: QRCode } = await import("qrcode");
  return { qr: await QRCode.toDataURL(uri, { margin: 1, width: 240 }), secret };
});
