// The invited user's side: open the link (who it is for, whether it still works), then choose a password. Public
// procedures: the token is the credential, 256 random bits, so the per-IP rate limit is the only throttle needed.
import { acceptInvitationSchema, invitationState, invitationTokenSchema } from "@taller/core";
import { hashPassword, users, userInvitations } from "@taller/db";
import { publicProcedure, sha256, TRPCError, withTransaction } from "@taller/trpc";
import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import { voidOpenInvitations } from "./invitations";

const STATE_MESSAGES = {
  used: "Este enlace de invitación ya fue usado. Ingresa con tu correo y contraseña.",
  expired: "Este enlace de invitación expiró. Pide uno nuevo al administrador de tu empresa.",
  unknown: "Enlace de invitación inválido",
} as const;

/** Who the link is for (their e-mail, to log in with) and whether it still works. */
export const invitationCheck = publicProcedure
  .input(z.object({ token: invitationTokenSchema }))
  .query(async ({ ctx, input }) => {
    const [row] = await ctx.db
      .select({
        expiresAt: userInvitations.expiresAt,
        usedAt: userInvitations.usedAt,
        email: users.email,
        name: users.name,
        deactivatedAt: users.deactivatedAt,
      })
      .from(userInvitations)
      .innerJoin(users, and(eq(users.companyId, userInvitations.companyId), eq(users.id, userInvitations.userId)))
      .where(eq(userInvitations.tokenHash, sha256(input.token)))
      .limit(1);
    const state = row?.deactivatedAt ? "unknown" : invitationState(row ?? null, new Date());
    // Only a usable link says whose it is: a stale one found in a history or a mailbox reveals nothing.
    if (state === "valid" && row) return { state, message: null, name: row.name, email: row.email };
    return { state, message: STATE_MESSAGES[state === "valid" ? "unknown" : state], name: null, email: null };
  });

/**
 * Sets the password and spends the link, in one transaction: the link is taken by a conditional update (unused,
 * unexpired, its user active), so two submissions of the same link cannot both succeed. Every other open link of
 * the user dies with it. The user then logs in as anyone does (login's throttle and 2FA apply).
 */
export const invitationAccept = publicProcedure.input(acceptInvitationSchema).mutation(async ({ ctx, input }) => {
  const passwordHash = await hashPassword(input.password);
  const email = await withTransaction(ctx, async (tx) => {
    const [taken] = await tx.db
      .update(userInvitations)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(userInvitations.tokenHash, sha256(input.token)),
          isNull(userInvitations.usedAt),
          gt(userInvitations.expiresAt, new Date()),
        ),
      )
      .returning({ companyId: userInvitations.companyId, userId: userInvitations.userId });
    if (!taken) {
      const [row] = await tx.db
        .select({ expiresAt: userInvitations.expiresAt, usedAt: userInvitations.usedAt })
        .from(userInvitations)
        .where(eq(userInvitations.tokenHash, sha256(input.token)))
        .limit(1);
      const state = invitationState(row ?? null, new Date());
      throw new TRPCError({ code: "BAD_REQUEST", message: STATE_MESSAGES[state === "valid" ? "unknown" : state] });
    }
    const [user] = await tx.db
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.companyId, taken.companyId), eq(users.id, taken.userId), isNull(users.deactivatedAt)))
      .returning({ email: users.email });
    if (!user) throw new TRPCError({ code: "BAD_REQUEST", message: STATE_MESSAGES.unknown });
    await voidOpenInvitations(tx, taken.companyId, taken.userId);
    await tx.emit({ type: "user.updated", companyId: taken.companyId, payload: { id: taken.userId } });
    return user.email;
  });
  return { email };
});
