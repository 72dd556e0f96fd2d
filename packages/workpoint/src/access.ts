// Who sees and moves which works. Everyone sees and moves the works assigned to them (the kiosk, the chat's current
// work); a role with read (update) on 'work' not restricted to its own records sees (moves) every work of the company.
import type { Action, Can } from "@taller/core";
import { sql, type SQL } from "drizzle-orm";

export interface WorkActor {
  user: { id: number };
  can: Can;
  ownOnly?: (action: Action, resource: "work") => boolean;
}

/** The condition over `works w` of the works `actor` may read (`"read"`) or start and complete (`"update"`). */
export function workScope(actor: WorkActor, action: "read" | "update"): SQL {
  const everyWork = actor.can(action, "work") && actor.ownOnly !== undefined && !actor.ownOnly(action, "work");
  return everyWork ? sql`true` : sql`w.user_id = ${actor.user.id}`;
}

/** Whether `actor` may start and complete a work assigned to `userId` (the screen shows the buttons by it). */
export function mayMove(actor: WorkActor, userId: number): boolean {
  return (
    userId === actor.user.id ||
    (actor.can("update", "work") && actor.ownOnly !== undefined && !actor.ownOnly("update", "work"))
  );
}
