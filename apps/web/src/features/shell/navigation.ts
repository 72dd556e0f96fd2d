/**
 * The side menu and page titles as data (seed 002 section 2.1): which modules a user sees, where each leads, the
 * first page after login, and titles in the company's own terms.
 */
import type { Action, Can, CompanyPreferences, ModuleKey, Resource } from "@taller/core";
import { MODULE_KEYS } from "@taller/core";

/** Where each module's entry leads and the permission that shows it. */
export const MODULE_ROUTES = {
  booking: { to: "/main/booking", needs: ["read", "booking"] },
  checkin: { to: "/main/checkin", needs: ["create", "check_in"] },
  order: { to: "/main/orders", needs: ["read", "check_in"] },
  pending_works: { to: "/main/work", needs: ["read", "work"] },
  calendar: { to: "/main/calendar", needs: ["read", "event"] },
  budget: { to: "/main/budgets", needs: ["read", "budget"] },
  analytic: { to: "/main/analytics", needs: ["read", "analytics"] },
  object: { to: "/main/vehicles", needs: ["read", "vehicle"] },
  crm: { to: "/main/crm", needs: ["read", "crm"] },
  inventory: { to: "/main/inventory", needs: ["read", "inventory_action"] },
  invoicing: { to: "/main/invoices", needs: ["read", "invoice"] },
  shares: { to: "/main/shares", needs: ["read", "shares"] },
} as const satisfies Record<ModuleKey, { to: `/main/${string}`; needs: readonly [Action, Resource] }>;

export type ModulePath = (typeof MODULE_ROUTES)[ModuleKey]["to"];
export const PROFILE_PATH = "/main/settings";

type Terms = CompanyPreferences["terms"];
type TermKey = keyof Terms;

/**
 * Modules named after one of the company's terms: their menu entries and titles are the term, whatever name was
 * stored with the module list, so a company that calls its objects 'Bicicletas' never reads 'Vehículos'.
 */
const MODULE_TERMS: Partial<Record<ModuleKey, TermKey>> = { order: "order", object: "object", crm: "crm" };

/** The term a module is named after, if any. */
export const moduleTerm = (key: ModuleKey): TermKey | undefined => MODULE_TERMS[key];

const DEFAULT_NAMES: Record<ModuleKey, string> = {
  booking: "Agenda",
  checkin: "Recepción",
  order: "Órdenes de Trabajo",
  pending_works: "Trabajos",
  calendar: "Calendario",
  budget: "Presupuestos",
  analytic: "Reportes",
  object: "Vehículos",
  crm: "CRM",
  inventory: "Inventario",
  invoicing: "Facturación",
  shares: "Compartidos",
};

function defaultModuleName(key: ModuleKey, terms: Terms): string {
  const term = MODULE_TERMS[key];
  return term ? terms[term].plural : DEFAULT_NAMES[key];
}

/**
 * The company's side-menu modules in order: its configured list, or every module under its default name; a module
 * named after a term carries the term.
 */
export function configuredModules(
  preferences: Pick<CompanyPreferences, "modules" | "terms">,
): CompanyPreferences["modules"] {
  const { terms } = preferences;
  return preferences.modules.length
    ? preferences.modules.map((m) => {
        const term = MODULE_TERMS[m.key];
        return term ? { ...m, name: terms[term].plural } : m;
      })
    : MODULE_KEYS.map((key) => ({ key, name: defaultModuleName(key, terms), visible: true }));
}

export interface MenuEntry {
  key: ModuleKey;
  name: string;
  to: ModulePath;
}

/**
 * The module entries this user sees: the company's configured list (visible ones), or every module when none is
 * configured, keeping those the user's role may use.
 */
export function menuEntries(preferences: Pick<CompanyPreferences, "modules" | "terms">, can: Can): MenuEntry[] {
  return configuredModules(preferences)
    .filter((m) => {
      const [action, resource] = MODULE_ROUTES[m.key].needs;
      return m.visible && can(action, resource);
    })
    .map((m) => ({ key: m.key, name: m.name, to: MODULE_ROUTES[m.key].to }));
}

/** The first page a user lands on: the first menu entry they may use, else their profile. */
export function homePath(
  preferences: Pick<CompanyPreferences, "modules" | "terms">,
  can: Can,
): ModulePath | typeof PROFILE_PATH {
  return menuEntries(preferences, can)[0]?.to ?? PROFILE_PATH;
}

/** How a route names itself in the toolbar: after a module, one of the company's terms, or fixed text. */
export type PageTitle = { module: ModuleKey } | { term: TermKey; form: "singular" | "plural" } | { text: string };

export function pageTitle(title: PageTitle, preferences: Pick<CompanyPreferences, "modules" | "terms">): string {
  if ("text" in title) return title.text;
  if ("term" in title) return preferences.terms[title.term][title.form];
  const term = MODULE_TERMS[title.module];
  if (term) return preferences.terms[term].plural;
  return preferences.modules.find((m) => m.key === title.module)?.name ?? DEFAULT_NAMES[title.module];
}
