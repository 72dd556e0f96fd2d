import { userDevices } from "@taller/db";
import { staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { blankSessionCookie, endSessions } from "../session";
import { listDevices } from "./devices";
import { idSchema } from "@taller/core";

export const destroyDeviceInput = z.object({ id: idSchema });

/**
 * 'Cerrar sesión en este dispositivo': ends that device's session (its open sockets close with it) and answers the
 * refreshed list. Ending the current device is a logout.
 */
export const destroyDevice = staffProcedure.input(destroyDeviceInput).mutation(async ({ ctx, input }) => {
  const [device] = await ctx.db
    .select({ sessionId: userDevices.sessionId })
    .from(userDevices)
    .where(
      and(eq(userDevices.id, input.id), eq(userDevices.userId, ctx.user.id), eq(userDevices.companyId, ctx.companyId)),
    )
    .limit(1);
  if (!device) throw new TRPCError({ code: "NOT_FOUND", message: "Dispositivo no encontrado" });
  await withTransaction(ctx, (tx) => endSessions(tx, [device.sessionId]));
  if (device.sessionId === ctx.session.id) ctx.setCookie(blankSessionCookie(ctx.db, ctx.secure));
  return listDevices(ctx.db, { userId: ctx.user.id, companyId: ctx.companyId, sessionId: ctx.session.id });
});
