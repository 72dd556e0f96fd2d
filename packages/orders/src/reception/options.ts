import { customFields, locations, requirements, users } from "@taller/db";
import { can, staffProcedure } from "@taller/trpc";
import { loadBrandOptions } from "@taller/vehicles";
import { and, asc, eq, isNull } from "drizzle-orm";

/**
 * What the reception's selects offer: the company's brands with their models, requirements, locations, active
 * users (who receives, who is assigned) and the custom fields of its orders (list ones with their items).
 */
export const options = staffProcedure.use(can("create", "check_in")).query(async ({ ctx }) => {
  const named = { id: requirements.id, name: requirements.name };
  const [brands, requirementRows, locationRows, userRows, fieldRows] = await Promise.all([
    loadBrandOptions(ctx.db, ctx.companyId),
    ctx.db
      .select(named)
      .from(requirements)
      .where(eq(requirements.companyId, ctx.companyId))
      .orderBy(asc(requirements.name)),
    ctx.db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(eq(locations.companyId, ctx.companyId))
      .orderBy(asc(locations.name)),
    ctx.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.companyId, ctx.companyId), isNull(users.deactivatedAt)))
      .orderBy(asc(users.name)),
    ctx.db
      .select({ key: customFields.key, name: customFields.name, kind: customFields.kind, items: customFields.items })
      .from(customFields)
      .where(and(eq(customFields.companyId, ctx.companyId), eq(customFields.entity, "Order")))
      .orderBy(asc(customFields.position), asc(customFields.id)),
  ]);
  return {
    brands,
    requirements: requirementRows,
    locations: locationRows,
    users: userRows,
    custom_fields: fieldRows,
    me: ctx.user.id,
    // With an own-records grant the reception is received by the caller (orders.receive).
    own_only: ctx.ownOnly("create", "check_in"),
  };
});
