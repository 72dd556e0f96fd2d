import { freeSlotsInputSchema, type FreeSlotsResult } from "@taller/core";
import { can, staffProcedure } from "@taller/trpc";
import { searchSlots } from "./search-slots";

/**
 * Free hours for the booking form (seed 000 'Free booking search'): `hours` of booking_date, `days` for every day
 * up to to_date (a month's search for the date picker), and field errors ('Fecha no disponible', a professional
 * who cannot take the requirement). Another company's ids are NOT_FOUND.
 */
export const freeSlots = staffProcedure
  .use(can("create", "booking"))
  .input(freeSlotsInputSchema)
  .query(({ ctx, input }): Promise<FreeSlotsResult> => {
    // The ownership check is a column of the search's statement: one round trip (the search is on every change of
    // the form, and each round trip counts), and nothing of another company's is answered.
    return searchSlots(ctx.db, ctx.companyId, {
      from: input.booking_date,
      to: input.to_date ?? input.booking_date,
      locationId: input.location_id ?? null,
      requirementId: input.requirement_id ?? null,
      userId: input.user_id ?? null,
      duration: input.duration ?? null,
      excludeId: input.booking_id ?? null,
      ownIds: { locationId: input.location_id, requirementId: input.requirement_id, userId: input.user_id },
    });
  });
