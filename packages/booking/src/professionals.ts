import { can, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { notBuiltYet } from "./pending";
import type { Professional } from "./professional-rows";

const id = z.number().int().min(1).max(2_147_483_647);
export const professionalsInputSchema = z.object({ location_id: id.nullish(), requirement_id: id.nullish() }).optional();

/** The company's professionals; with a requirement, those with no specialities or an enabled matching one. */
export const professionals = staffProcedure
  .use(can("read", "booking"))
  .input(professionalsInputSchema)
  .query((): Promise<Professional[]> => notBuiltYet("booking.professionals"));
