import type { UpdatePreferences } from "@taller/core";
import { companies } from "@taller/db";
import { can, staffProcedure, TRPCError } from "@taller/trpc";
import { eq } from "drizzle-orm";

/** The preferences the administrator edits, as the form holds them. */
export const preferencesGet = staffProcedure
  .use(can("read", "manager"))
  .query(async ({ ctx }): Promise<UpdatePreferences> => {
    const [company] = await ctx.db
      .select({ preferences: companies.preferences, days: companies.daysPreferences })
      .from(companies)
      .where(eq(companies.id, ctx.companyId))
      .limit(1);
    if (!company) throw new TRPCError({ code: "NOT_FOUND", message: "Empresa no encontrada" });
    const p = company.preferences;
    return {
      booking_type: p.booking_type,
      booking_addon: p.booking_addon,
      workpoint_logout_time: p.workpoint_logout_time,
      terms: p.terms,
      modules: p.modules,
      days_preferences: company.days,
      allow_negative_stock: p.allow_negative_stock ?? false,
    };
  });
