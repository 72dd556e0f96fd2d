import { dayDateSchema, type FreeSlotsResult } from "@taller/core";
import { tokenProcedure } from "@taller/trpc";
import { z } from "zod";
import { notBuiltYet } from "../pending";

export const publicFreeSlotsSchema = z.object({
  token: z.string().min(1).max(200),
  booking_date: dayDateSchema,
  to_date: dayDateSchema.optional(),
  user_id: z.number().int().min(1).max(2_147_483_647).nullish(),
});

/** Free hours for the client's page: the case gives location, requirement and duration; from tomorrow on. */
export const freeSlots = tokenProcedure("crm_token")
  .input(publicFreeSlotsSchema)
  .query((): Promise<FreeSlotsResult> => notBuiltYet("booking.public.freeSlots"));
