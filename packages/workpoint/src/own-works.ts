import { sql } from "drizzle-orm";
import type { Db } from "@taller/db";
import { staffProcedure } from "@taller/trpc";
import { selectWorks } from "./rows";

/** More open works than anyone has at once; the list is capped so a runaway cannot grow the answer. */
export const OWN_WORKS_LIMIT = 100;

/**
 * A user's own works: assigned to them and not completed, latest first; the first is the current work (seed 002 4.1).
 */
export function ownWorksOf(db: Db, companyId: number, userId: number) {
  return selectWorks(db, companyId, sql`w.user_id = ${userId} AND w.completed_at IS NULL`, { limit: OWN_WORKS_LIMIT });
}

export const ownWorks = staffProcedure.query(({ ctx }) => ownWorksOf(ctx.db, ctx.companyId, ctx.user.id));
