// Who sees which rows of a list: the locations selected in the shell, checked against the locations the user may
// see, and "own records only" grants. Built once here; each list says what "own" means for its rows.
import type { Action, Resource } from "@taller/core";
import { locations, type Db } from "@taller/db";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { fieldError } from "../errors";
import { normalizeIds } from "./cursor";
import { idSchema } from "@taller/core";

/** The shell's selected locations; null or absent: every location the user may see. */
export const locationIdsInput = z.array(idSchema).max(100).nullish();

export interface ListScope {
  companyId: number;
  /** null: every location, including rows that have none. Otherwise a subset the user may see (empty: nothing). */
  locationIds: number[] | null;
  /** With an "own records only" grant: the user the rows must belong to; null: every row. */
  ownerId: number | null;
}

/** What a staff procedure's context offers (staffProcedure builds it). */
export interface ScopeContext {
  db: Db;
  companyId: number;
  user: { id: number };
  ownOnly(action: Action, resource: Resource): boolean;
}

/**
 * The locations a user may see: today every location of the company. If users get location assignments, this is
 * the one place that changes.
 */
export async function visibleLocationIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.id));
  return rows.map((r) => r.id);
}

export const UNKNOWN_LOCATION = "Local no disponible";

/**
 * The scope of a list read as `action` on `resource`. Selected locations outside what the user may see are a
 * BAD_REQUEST on `location_ids`; selecting every visible location is the same as selecting none (every row).
 */
export async function listScope(
  ctx: ScopeContext,
  opts: { action: Action; resource: Resource; locationIds: readonly number[] | null | undefined },
): Promise<ListScope> {
  const ownerId = ctx.ownOnly(opts.action, opts.resource) ? ctx.user.id : null;
  const selected = normalizeIds(opts.locationIds);
  if (!selected) return { companyId: ctx.companyId, locationIds: null, ownerId };
  const visible = await visibleLocationIds(ctx.db, ctx.companyId);
  if (selected.some((id) => !visible.includes(id))) throw fieldError("BAD_REQUEST", "location_ids", UNKNOWN_LOCATION);
  const everything = visible.length > 0 && visible.every((id) => selected.includes(id));
  return { companyId: ctx.companyId, locationIds: everything ? null : selected, ownerId };
}
