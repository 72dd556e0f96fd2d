import { userDevices } from "@taller/db";
import { staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { and, eq, ne, sql } from "drizzle-orm";
import { limitSubscriptionChanges } from "./rate";
import { subscriptionSchema } from "./subscription";

/**
 * Stores the browser's push subscription as the current device's notification_token (the device is the session's
 * row in user_devices). The same endpoint held by another device (another session, possibly another user or
 * company on this shared browser) is taken from it: an endpoint reaches one browser, and that browser now belongs
 * to this session. The unique index on the endpoint holds that against concurrent subscriptions.
 */
export const subscribe = staffProcedure.input(subscriptionSchema).mutation(async ({ ctx, input }) => {
  limitSubscriptionChanges(ctx.user.id);
  const token = { endpoint: input.endpoint, keys: { p256dh: input.keys.p256dh, auth: input.keys.auth } };
  return withTransaction(ctx, async (tx) => {
    await tx.db
      .update(userDevices)
      .set({ notificationToken: null })
      .where(
        and(
          sql`${userDevices.notificationToken} ->> 'endpoint' = ${input.endpoint}`,
          ne(userDevices.sessionId, ctx.session.id),
        ),
      );
    const [device] = await tx.db
      .update(userDevices)
      .set({ notificationToken: token })
      .where(
        and(
          eq(userDevices.sessionId, ctx.session.id),
          eq(userDevices.userId, ctx.user.id),
          eq(userDevices.companyId, ctx.companyId),
        ),
      )
      .returning({ id: userDevices.id });
    if (!device) throw new TRPCError({ code: "NOT_FOUND", message: "Dispositivo no encontrado" });
    return { ok: true as const };
  });
});
