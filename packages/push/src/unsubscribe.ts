import { userDevices } from "@taller/db";
import { staffProcedure } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { limitSubscriptionChanges } from "./rate";

/** The current device receives no more pushes (the browser withdrew the permission or its subscription). */
export const unsubscribe = staffProcedure.mutation(async ({ ctx }) => {
  limitSubscriptionChanges(ctx.user.id);
  await ctx.db
    .update(userDevices)
    .set({ notificationToken: null })
    .where(
      and(
        eq(userDevices.sessionId, ctx.session.id),
        eq(userDevices.userId, ctx.user.id),
        eq(userDevices.companyId, ctx.companyId),
      ),
    );
  return { ok: true as const };
});
