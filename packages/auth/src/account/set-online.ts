import { users } from "@taller/db";
import { staffProcedure } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { z } from "zod";

export const setOnlineInput = z.object({ online: z.boolean() });

/** The 'En línea' toggle; the answer is the stored value, which the screen takes as the truth. */
export const setOnline = staffProcedure.input(setOnlineInput).mutation(async ({ ctx, input }) => {
  const [row] = await ctx.db
    .update(users)
    .set({ online: input.online })
    .where(and(eq(users.id, ctx.user.id), eq(users.companyId, ctx.companyId)))
    .returning({ online: users.online });
  return { online: row?.online ?? false };
});
