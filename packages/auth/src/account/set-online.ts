import { setOnline as writeOnline } from "@taller/admin";
import { staffProcedure } from "@taller/trpc";
import { z } from "zod";

export const setOnlineInput = z.object({ online: z.boolean() });

/** The 'En línea' toggle; the answer is the stored value, which the screen takes as the truth. */
export const setOnline = staffProcedure.input(setOnlineInput).mutation(async ({ ctx, input }) => ({
  online: await writeOnline(ctx.db, ctx.companyId, ctx.user.id, input.online),
}));
