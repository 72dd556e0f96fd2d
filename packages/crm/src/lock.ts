import { CRM_TEXTS, type CrmCategory } from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import { crmOwnCondition } from "./own-condition";
import { TRPCError, type Transaction, type ScopeContext } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { z } from "zod";

export interface LockedCrm {
  id: number;
  status_id: number | null;
  category: CrmCategory;
  on_hold: boolean;
}

/**
 * Locks a management for an action (FOR UPDATE: two actions on one management run one after the other, each seeing
 * the other's result). NOT_FOUND for another company's id; FORBIDDEN when an own-only update grant does not reach it.
 */
export async function lockCrm(db: Db, ctx: ScopeContext, id: number): Promise<LockedCrm> {
  const ownerId = ctx.ownOnly("update", "crm") ? ctx.user.id : null;
  const [row] = await queryRows<LockedCrm & { owned: boolean }>(
    db,
    sql`SELECT c.id, c.status_id, c.category, c.on_hold, ${crmOwnCondition(ownerId)} AS owned
        FROM crms c WHERE c.company_id = ${ctx.companyId} AND c.id = ${id} FOR UPDATE OF c`,
  );
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: CRM_TEXTS.notFound });
  if (!row.owned) throw new TRPCError({ code: "FORBIDDEN", message: CRM_TEXTS.forbidden });
  return row;
}

/** Announces changed managements (open details reload, lists refresh their KPIs). */
export function announce(tx: Transaction, companyId: number, ids: number[]) {
  return tx.emit({ type: "crm.changed", companyId, payload: { ids } });
}

/** The optional comment an action carries. */
export const commentInput = { comment: z.string().trim().max(1000).nullish() };
