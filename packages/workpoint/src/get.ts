import { staffProcedure, TRPCError } from "@taller/trpc";
import { mayMove, workScope } from "./access";
import { workIdInput } from "./inputs";
import { selectWork } from "./rows";

/** One work (/main/work/{id}), if the caller may read it. */
export const get = staffProcedure.input(workIdInput).query(async ({ ctx, input }) => {
  const work = await selectWork(ctx.db, ctx.companyId, input.id, workScope(ctx, "read"));
  if (!work) throw new TRPCError({ code: "NOT_FOUND", message: "Trabajo no encontrado" });
  return { ...work, can_update: mayMove(ctx, work.user_id) };
});
