import { companies } from "@taller/db";
import { tokenProcedure, TRPCError } from "@taller/trpc";
import { eq } from "drizzle-orm";
import { z } from "zod";

/**
 * The booking add-on settings of the company a client booking link (crm_token) belongs to: which sites may frame
 * the page (seed 000 section 2.2) and its background colour. Public: the token is the authorisation.
 */
export const bookingAddon = tokenProcedure("crm_token")
  .input(z.object({ token: z.string().min(1).max(200) }))
  .query(async ({ ctx }) => {
    const [company] = await ctx.db
      .select({ preferences: companies.preferences })
      .from(companies)
      .where(eq(companies.id, ctx.companyId))
      .limit(1);
    if (!company) throw new TRPCError({ code: "NOT_FOUND", message: "Empresa no encontrada" });
    return company.preferences.booking_addon;
  });
