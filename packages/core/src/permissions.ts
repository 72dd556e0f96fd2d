// No zod here: the web app's entry chunk reads permissions, and zod would cost every route ~25 KB.

/** Resources named across the specification. */
export const RESOURCES = [
  "check_in",
  "booking",
  "booking_block",
  "work",
  "event",
  "budget",
  "analytics",
  "vehicle",
  "client",
  "crm",
  "inventory_action",
  "invoice",
  "shares",
  "payment",
  "role",
  "manager",
] as const;
export const ACTIONS = ["read", "create", "update", "destroy"] as const;

export type Resource = (typeof RESOURCES)[number];
export type Action = (typeof ACTIONS)[number];

export interface Grant {
  action: Action;
  resource: Resource;
  restrictedToOwn: boolean;
}

export type Can = (action: Action, resource: Resource) => boolean;

/** Builds the permission check from a role's grants; `manage`-style wildcards are not used: grants are explicit. */
export function permissionChecker(grants: readonly Grant[]): Can {
  const set = new Set(grants.map((g) => `${g.action}:${g.resource}`));
  return (action, resource) => set.has(`${action}:${resource}`);
}

/** True when the role may act on the resource only for records it owns. */
export function isRestrictedToOwn(grants: readonly Grant[], action: Action, resource: Resource): boolean {
  return grants.some((g) => g.action === action && g.resource === resource && g.restrictedToOwn);
}
