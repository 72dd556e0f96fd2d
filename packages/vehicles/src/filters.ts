import { DEFAULT_TZ, todayIn, VEHICLE_STATUSES, listSearchSchema } from "@taller/core";
import { queryRows, searchTerm } from "@taller/db";
import { listScope, locationIdsInput, normalizeIds, type ScopeContext } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { VehicleFilters } from "./list-query";
import type { VehicleStatus } from "./status";

export const filtersInput = {
  /** Vehicle statuses (1 Sin orden, 2 Agendado, 3 Con orden); missing or null: all, empty: none. */
  status_id: z.array(z.literal(VEHICLE_STATUSES)).max(3).nullish(),
  search: listSearchSchema,
  location_ids: locationIdsInput,
};

/**
 * Input to query filters under the caller's scope. The company's open order statuses are looked up here and bound
 * as values: inside the query they would leave the planner guessing how many orders are open.
 */
export async function vehicleFilters(
  ctx: ScopeContext,
  input: {
    status_id?: readonly VehicleStatus[] | null;
    search?: string | null;
    location_ids?: readonly number[] | null;
  },
): Promise<VehicleFilters> {
  const scope = await listScope(ctx, { action: "read", resource: "vehicle", locationIds: input.location_ids });
  const open = await queryRows<{ id: number }>(
    ctx.db,
    sql`SELECT id FROM statuses WHERE company_id = ${ctx.companyId} AND type = 'Order' AND NOT finish ORDER BY id`,
    { prepare: true },
  );
  return {
    scope,
    statusIds: normalizeIds(input.status_id),
    search: searchTerm(input.search),
    today: todayIn(DEFAULT_TZ),
    openStatusIds: open.map((s) => s.id),
  };
}
