import { dayDateSchema, windowFits, type FreeSlotsResult, idSchema } from "@taller/core";
import { tokenProcedure } from "@taller/trpc";
import { z } from "zod";
import { searchSlots } from "../search-slots";
import { loadCrmCase, tomorrow } from "./crm-case";

export const publicFreeSlotsSchema = z
  .object({
    token: z.string().min(1).max(200),
    booking_date: dayDateSchema,
    to_date: dayDateSchema.optional(),
    user_id: idSchema.nullish(),
  })
  .refine(windowFits, { message: "Rango de fechas inválido", path: ["to_date"] });

/**
 * Free hours for the client's page: the case gives location, requirement and its duration; nothing before
 * tomorrow. The case's own booking does not count against it (the client may move it).
 */
export const freeSlots = tokenProcedure("crm_token")
  .input(publicFreeSlotsSchema)
  .query(async ({ ctx, input }): Promise<FreeSlotsResult> => {
    const crm = await loadCrmCase(ctx.db, ctx.companyId, ctx.document);
    return searchSlots(ctx.db, ctx.companyId, {
      from: input.booking_date,
      to: input.to_date ?? input.booking_date,
      locationId: crm.location_id,
      requirementId: crm.requirement_id,
      userId: input.user_id ?? null,
      duration: null,
      excludeId: crm.booking_id,
      earliestDate: tomorrow(),
    });
  });
