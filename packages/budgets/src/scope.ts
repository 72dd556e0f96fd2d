// Which budgets an "own records only" grant on budget reaches: those of the orders the user received or is assigned
// (a budget has no people of its own; @taller/trpc's ownedDocument says the same for works and chats).
import type { Action } from "@taller/core";
import { ownedDocument } from "@taller/trpc";
import { sql, type SQL } from "drizzle-orm";

export interface BudgetActor {
  user: { id: number };
  ownOnly: (action: Action, resource: "budget") => boolean;
}

/** The user whose budgets `action` reaches, or null: every budget of the company. */
export function budgetOwner(actor: BudgetActor, action: Action): number | null {
  return actor.ownOnly(action, "budget") ? actor.user.id : null;
}

/** The condition over `budgets b` that its order is `ownerId`'s (true when null). */
export function ownBudget(ownerId: number | null): SQL {
  if (ownerId === null) return sql`true`;
  return sql`EXISTS (SELECT 1 FROM orders o WHERE o.company_id = b.company_id AND o.id = b.order_id
                       AND ${ownedDocument("Budget", ownerId)})`;
}
