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
  inventory: { to: "/main/inventory/products", needs: ["read", "inventory_action"] },
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
const MODULE_TERMS = { order: "order", object: "object", crm: "crm" } as const satisfies Partial<
  Record<ModuleKey, TermKey>
>;
type TermModule = keyof typeof MODULE_TERMS;
const isTermModule = (key: ModuleKey): key is TermModule => key in MODULE_TERMS;

/** The term a module is named after, if any. */
export const moduleTerm = (key: ModuleKey): TermKey | undefined => (isTermModule(key) ? MODULE_TERMS[key] : undefined);

/** The other modules' names (those named after a term take the company's plural). */
const DEFAULT_NAMES: Record<Exclude<ModuleKey, TermModule>, string> = {
  booking: "Agenda",
  checkin: "Recepción",
  pending_works: "Trabajos",
  calendar: "Calendario",
  budget: "Presupuestos",
  analytic: "Reportes",
  inventory: "Inventario",
  invoicing: "Facturación",
  shares: "Compartidos",
};

function defaultModuleName(key: ModuleKey, terms: Terms): string {
  return isTermModule(key) ? terms[MODULE_TERMS[key]].plural : DEFAULT_NAMES[key];
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
        const term = moduleTerm(m.key);
        return term ? { ...m, name: terms[term].plural } : m;
      })
    : MODULE_KEYS.map((key) => ({ key, name: defaultModuleName(key, terms), visible: true }));
}

/** The payments list (seed 002 section 2.5): not one of the configurable modules, shown to those who read payments. */
export const PAYMENTS_ENTRY = { key: "payments", name: "Cobros", to: "/main/payments" } as const;

export type MenuEntry = { key: ModuleKey; name: string; to: ModulePath } | typeof PAYMENTS_ENTRY;

/** Whether a path has its screen yet (the route map answers: routes/router.tsx `hasScreen`). */
export type HasScreen = (path: string) => boolean;

/**
 * The entries this user sees: the company's configured modules (visible ones), or every module when none is
 * configured, keeping those the user's role may use and whose screen exists (a 'Próximamente' is a dead end), then
 * 'Cobros' for those who may read payments.
 */
export function menuEntries(
  preferences: Pick<CompanyPreferences, "modules" | "terms">,
  can: Can,
  hasScreen: HasScreen,
): MenuEntry[] {
  const modules = configuredModules(preferences)
    .filter((m) => {
      const { to, needs } = MODULE_ROUTES[m.key];
      return m.visible && can(needs[0], needs[1]) && hasScreen(to);
    })
    .map((m): MenuEntry => ({ key: m.key, name: m.name, to: MODULE_ROUTES[m.key].to }));
  return can("read", "payment") ? [...modules, PAYMENTS_ENTRY] : modules;
}

/** The first page a user lands on: the first menu entry they may use, else their profile. */
export function homePath(
  preferences: Pick<CompanyPreferences, "modules" | "terms">,
  can: Can,
  hasScreen: HasScreen,
): MenuEntry["to"] | typeof PROFILE_PATH {
  return menuEntries(preferences, can, hasScreen)[0]?.to ?? PROFILE_PATH;
}

/** How a route names itself in the toolbar: after a module, one of the company's terms, or fixed text. */
export type PageTitle = { module: ModuleKey } | { term: TermKey; form: "singular" | "plural" } | { text: string };

export function pageTitle(title: PageTitle, preferences: Pick<CompanyPreferences, "modules" | "terms">): string {
  if ("text" in title) return title.text;
  if ("term" in title) return preferences.terms[title.term][title.form];
  const term = moduleTerm(title.module);
  if (term) return preferences.terms[term].plural;
  return (
    preferences.modules.find((m) => m.key === title.module)?.name ?? defaultModuleName(title.module, preferences.terms)
  );
}
