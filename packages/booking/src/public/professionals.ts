import { tokenProcedure } from "@taller/trpc";
import { loadBookingSetup } from "../facts";
import { readProfessionals, type Professional } from "../professional-rows";
import { loadCrmCase } from "./crm-case";
import { tokenInputSchema } from "./get";

/** Professionals the client may pick for the case's requirement (no specialities, or an enabled matching one). */
export const professionals = tokenProcedure("crm_token")
  .input(tokenInputSchema)
  .query(async ({ ctx }): Promise<Professional[]> => {
    const crm = await loadCrmCase(ctx.db, ctx.companyId, ctx.document);
    const { settings, eligible } = await loadBookingSetup(ctx.db, ctx.companyId, crm.requirement_id);
    if (settings.mode !== "professional") return [];
    return readProfessionals(ctx.db, ctx.companyId, eligible);
  });
