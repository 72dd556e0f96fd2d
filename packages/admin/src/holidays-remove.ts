import { holidays } from "@taller/db";
import { can, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { id } from "./inputs";
import { emitSetupChanged } from "./setup-changes";

/** The agenda opens the day again (unless another holiday covers it). */
export const holidaysRemove = staffProcedure
  .use(can("destroy", "manager"))
  .input(z.object({ id }))
  .mutation(async ({ ctx, input }) => {
    await withTransaction(ctx, async (tx) => {
      const done = await tx.db
        .delete(holidays)
        .where(and(eq(holidays.companyId, ctx.companyId), eq(holidays.id, input.id)))
        .returning({ id: holidays.id });
      if (done.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: "Feriado no encontrado" });
      await emitSetupChanged(tx, ctx.companyId, "holidays");
    });
    return { id: input.id };
  });
