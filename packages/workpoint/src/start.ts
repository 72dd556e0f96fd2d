import { staffProcedure } from "@taller/trpc";
import { workScope } from "./access";
import { workIdInput } from "./inputs";
import { moveWork } from "./transitions";

/** Starts a work (its assignee, or a role that updates every work). Idempotent. */
export const start = staffProcedure
  .input(workIdInput)
  .mutation(({ ctx, input }) => moveWork(ctx, input.id, "start", workScope(ctx, "update")));
