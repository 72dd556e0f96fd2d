// What an administrator changes of an existing user. Every write names the user by id within the caller's
// company (another company's id reads as not found), announces it with `user.updated`, and those that could remove
// the company's last administrator run under the company lock and check that one remains (admins.ts).
import { updateUserSchema } from "@taller/core";
import { queryRows, sessions, users } from "@taller/db";
import { can, emitSessionsEnded, staffProcedure, TRPCError, withTransaction, type Transaction } from "@taller/trpc";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { assertAdminRemains, lockCompanyAdmins } from "./admins";
import { id } from "./inputs";
import { issueInvitation } from "./invitations";
import { assertRoleOfCompany } from "./roles";

const NOT_FOUND = "Usuario no encontrado";
const byId = z.object({ id });

/** Updates the user row of the caller's company; NOT_FOUND when there is none. */
async function updateUser(tx: Transaction, companyId: number, userId: number, set: Partial<typeof users.$inferInsert>) {
  const done = await tx.db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .returning({ id: users.id });
  if (done.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: NOT_FOUND });
  await tx.emit({ type: "user.updated", companyId, payload: { id: userId } });
}

/**
 * Ends every session of the user; every process drops them through `session.ended` (the auth package's
 * watchSessionEvents) and closes their sockets.
 */
async function endUserSessions(tx: Transaction, userId: number) {
  const ended = await tx.db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await emitSessionsEnded(
    tx,
    ended.map((s) => s.id),
  );
}

/** Name and role. A role change reaches the user's open sessions within the session cache's few seconds. */
export const usersUpdate = staffProcedure
  .use(can("update", "manager"))
  .input(updateUserSchema)
  .mutation(async ({ ctx, input }) => {
    if (input.role_id != null) await assertRoleOfCompany(ctx.db, ctx.companyId, input.role_id);
    await withTransaction(ctx, async (tx) => {
      await lockCompanyAdmins(tx, ctx.companyId);
      await updateUser(tx, ctx.companyId, input.id, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.role_id === undefined ? {} : { roleId: input.role_id }),
      });
      await assertAdminRemains(tx, ctx.companyId);
    });
    return { id: input.id };
  });

/** The user can no longer log in (nor enter a work-point code); their sessions end now. */
export const usersDeactivate = staffProcedure
  .use(can("update", "manager"))
  .input(byId)
  .mutation(async ({ ctx, input }) => {
    await withTransaction(ctx, async (tx) => {
      await lockCompanyAdmins(tx, ctx.companyId);
      await updateUser(tx, ctx.companyId, input.id, { deactivatedAt: new Date() });
      await assertAdminRemains(tx, ctx.companyId);
      await endUserSessions(tx, input.id);
    });
    return { id: input.id };
  });

export const usersReactivate = staffProcedure
  .use(can("update", "manager"))
  .input(byId)
  .mutation(async ({ ctx, input }) => {
    await withTransaction(ctx, (tx) => updateUser(tx, ctx.companyId, input.id, { deactivatedAt: null }));
    return { id: input.id };
  });

/**
 * A new one-time link for the user (a lost invitation, or a forgotten password): older links stop working. The
 * user's current password keeps working until they use the link.
 */
export const usersInvitationLink = staffProcedure
  .use(can("update", "manager"))
  .input(byId)
  .mutation(({ ctx, input }) =>
    withTransaction(ctx, async (tx) => {
      const [user] = await queryRows<{ active: boolean }>(
        tx.db,
        sql`SELECT deactivated_at IS NULL AS active FROM users WHERE company_id = ${ctx.companyId} AND id = ${input.id}`,
      );
      if (!user) throw new TRPCError({ code: "NOT_FOUND", message: NOT_FOUND });
      if (!user.active) throw new TRPCError({ code: "BAD_REQUEST", message: "El usuario está desactivado" });
      return issueInvitation(tx, ctx.companyId, input.id);
    }),
  );

/**
 * Clears the user's work-point code: the kiosk no longer opens with it until they choose a new one in their profile.
 */
export const usersResetWorkpointCode = staffProcedure
  .use(can("update", "manager"))
  .input(byId)
  .mutation(async ({ ctx, input }) => {
    await withTransaction(ctx, (tx) => updateUser(tx, ctx.companyId, input.id, { workpointCodeHash: null }));
    return { id: input.id };
  });
