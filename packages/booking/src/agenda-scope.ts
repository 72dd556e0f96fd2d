// Who sees which bookings in the agenda's reads (range, search): the shell's selected locations and "read
// restricted to own" on booking, built once by the shared list scope (packages/trpc/src/list/scope.ts).
import { intArray } from "@taller/db";
import { listScope, type ListScope, type ScopeContext } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";
import { ownBookingCondition } from "./own";

/** Selected location ids: absent, null or empty mean every location (the selector's 'Select All'). */
export async function agendaScope(
  ctx: ScopeContext,
  locationIds: readonly number[] | null | undefined,
): Promise<ListScope> {
  return listScope(ctx, { action: "read", resource: "booking", locationIds: locationIds?.length ? locationIds : null });
}

/**
 * The scope as a condition on bookings (alias b). A cancelled booking holds no place, so the agenda's grids, counts
 * and search leave it out (its page, by id, still shows it with its reason).
 */
export function bookingScopeCondition(scope: ListScope): SQL {
  const locations = scope.locationIds === null ? sql`TRUE` : sql`b.location_id = ANY(${intArray(scope.locationIds)})`;
  return sql`b.cancelled_at IS NULL AND ${locations} AND ${ownBookingCondition(scope.ownerId)}`;
}
