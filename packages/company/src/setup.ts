import { companies, holidays, locations, requirements, statuses } from "@taller/db";
import { staffProcedure, TRPCError } from "@taller/trpc";
import { asc, eq } from "drizzle-orm";

/** Everything the shell needs before it renders: the company, its lists, and who the user is. */
export const setup = staffProcedure.query(async ({ ctx }) => {
  const byCompany = ctx.companyId;
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, byCompany)).limit(1);
  if (!company) throw new TRPCError({ code: "NOT_FOUND", message: "Empresa no encontrada" });
  const [locationRows, holidayRows, statusRows, requirementRows] = await Promise.all([
    ctx.db
      .select({ id: locations.id, name: locations.name, preferences: locations.preferences })
      .from(locations)
      .where(eq(locations.companyId, byCompany))
      .orderBy(asc(locations.id)),
    ctx.db
      .select({ id: holidays.id, date: holidays.date, name: holidays.name, location_id: holidays.locationId })
      .from(holidays)
      .where(eq(holidays.companyId, byCompany))
      .orderBy(asc(holidays.date)),
    ctx.db
      .select({
        id: statuses.id,
        type: statuses.type,
        name: statuses.name,
        color: statuses.color,
        finish: statuses.finish,
        order: statuses.position,
      })
      .from(statuses)
      .where(eq(statuses.companyId, byCompany))
      .orderBy(asc(statuses.type), asc(statuses.position)),
    ctx.db
      .select({ id: requirements.id, name: requirements.name })
      .from(requirements)
      .where(eq(requirements.companyId, byCompany))
      .orderBy(asc(requirements.name)),
  ]);
  return {
    company: {
      id: company.id,
      name: company.name,
      domain: company.domain,
      current_version: company.currentVersion,
      workpoint_mode: company.workpointMode,
      preferences: company.preferences,
      days_preferences: company.daysPreferences,
    },
    locations: locationRows,
    holidays: holidayRows,
    statuses: statusRows,
    requirements: requirementRows,
    user: { id: ctx.user.id, name: ctx.user.name, email: ctx.user.email, role: ctx.user.roleName },
    permissions: ctx.user.grants,
  };
});
