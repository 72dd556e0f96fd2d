import { tokenProcedure } from "@taller/trpc";
import { notBuiltYet } from "../pending";
import type { Professional } from "../professional-rows";
import { tokenInputSchema } from "./get";

/** Professionals the client may pick for the case's requirement (no specialities, or an enabled matching one). */
export const professionals = tokenProcedure("crm_token")
  .input(tokenInputSchema)
  .query((): Promise<Professional[]> => notBuiltYet("booking.public.professionals"));
