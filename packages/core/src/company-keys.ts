// The company's fixed vocabularies, without zod: the web app's entry chunk reads them (themes, menu), and zod would
// cost every route ~25 KB. Their schemas are in company.ts.

export const THEMES = ["sky", "dark", "mint", "dune", "flamingo", "monstera"] as const;
export type Theme = (typeof THEMES)[number];

/** Side-menu module keys (seed 002 section 2.1). */
export const MODULE_KEYS = [
  "booking",
  "checkin",
  "order",
  "pending_works",
  "calendar",
  "budget",
  "analytic",
  "object",
  "crm",
  "inventory",
  "invoicing",
  "shares",
] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];

export const STATUS_TYPES = ["Order", "Budget", "Crm::Booking"] as const;
export type StatusType = (typeof STATUS_TYPES)[number];
