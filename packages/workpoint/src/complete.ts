import { staffProcedure } from "@taller/trpc";
import { workScope } from "./access";
import { workIdInput } from "./inputs";
import { moveWork } from "./transitions";

/** Completes a work (starting it too if it was not). Idempotent; a completed work stays completed. */
export const complete = staffProcedure
  .input(workIdInput)
  .mutation(({ ctx, input }) => moveWork(ctx, input.id, "complete", workScope(ctx, "update")));
