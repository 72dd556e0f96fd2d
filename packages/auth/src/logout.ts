import { staffProcedure, withTransaction } from "@taller/trpc";
import { blankSessionCookie, endSessions } from "./session";

export const logout = staffProcedure.mutation(async ({ ctx }) => {
  await withTransaction(ctx, (tx) => endSessions(tx, [ctx.session.id]));
  ctx.setCookie(blankSessionCookie(ctx.db, ctx.secure));
  return { ok: true };
});
