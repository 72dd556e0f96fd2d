import { can, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { assertOwnIds } from "./book";
import { loadBookingSetup } from "./facts";
import { readProfessionals, type Professional } from "./professional-rows";
import { idSchema as id } from "@taller/core";

export const professionalsInputSchema = z
  .object({ location_id: id.nullish(), requirement_id: id.nullish() })
  .optional();

/**
 * The company's professionals (users of the booking roles); with a requirement, those with no specialities or an
 * enabled matching one. Under "read restricted to own" on booking, only the caller (seed 001 section 6).
 * Professionals are not tied to locations in this schema: location_id is checked to be the company's and kept in
 * the contract for when they are.
 */
export const professionals = staffProcedure
  .use(can("read", "booking"))
  .input(professionalsInputSchema)
  .query(async ({ ctx, input }): Promise<Professional[]> => {
    await assertOwnIds(ctx.db, ctx.companyId, { locationId: input?.location_id, requirementId: input?.requirement_id });
    const { eligible: ids } = await loadBookingSetup(ctx.db, ctx.companyId, input?.requirement_id ?? null);
    return readProfessionals(
      ctx.db,
      ctx.companyId,
      ctx.ownOnly("read", "booking") ? ids.filter((i) => i === ctx.user.id) : ids,
    );
  });
