import { type CompanyPreferences, companyPreferencesSchema, permissionChecker, type Grant } from "@taller/core";
import { describe, expect, it } from "vitest";
import { homePath, MODULE_ROUTES, menuEntries, pageTitle } from "../src/features/shell/navigation";
import { hasScreen } from "../src/routes/router";

const grants = (...pairs: [Grant["action"], Grant["resource"]][]) =>
  permissionChecker(pairs.map(([action, resource]) => ({ action, resource, restrictedToOwn: false })));
const modulePermissions = Object.values(MODULE_ROUTES).map((m) => [...m.needs] as [Grant["action"], Grant["resource"]]);
const everything = grants(
  ["read", "booking"],
  ["create", "check_in"],
  ["read", "check_in"],
  ["read", "work"],
  ["read", "event"],
  ["read", "budget"],
  ["read", "analytics"],
  ["read", "vehicle"],
  ["read", "crm"],
  ["read", "inventory_action"],
  ["read", "invoice"],
  ["read", "shares"],
);
/** Every module's route has its screen (the rules below are about permissions and configuration). */
const built = () => true;
const prefs = (over: Partial<CompanyPreferences> = {}): CompanyPreferences => ({
  ...companyPreferencesSchema.parse({}),
  ...over,
});

describe("menuEntries", () => {
  it("falls back to every module, named with the company's terms, when none is configured", () => {
    const entries = menuEntries(
      prefs({ terms: { ...prefs().terms, object: { singular: "Moto", plural: "Motos" } } }),
      everything,
      built,
    );
    expect(entries.map((e) => e.key)).toEqual([
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
    ]);
    expect(entries.find((e) => e.key === "object")).toEqual({ key: "object", name: "Motos", to: "/main/vehicles" });
  });

  it("keeps the configured order and names, and drops hidden modules", () => {
    const modules = [
      { key: "calendar" as const, name: "Citas", visible: true },
      { key: "booking" as const, name: "Reservas", visible: true },
      { key: "shares" as const, name: "Compartidos", visible: false },
    ];
    expect(menuEntries(prefs({ modules }), everything, built)).toEqual([
      { key: "calendar", name: "Citas", to: "/main/calendar" },
      { key: "booking", name: "Reservas", to: "/main/booking" },
    ]);
  });

  it("names the modules that follow a term by the company's term, whatever name the module list stored", () => {
    const modules = [
      { key: "object" as const, name: "Vehículos", visible: true },
      { key: "order" as const, name: "Órdenes de Trabajo", visible: true },
      { key: "booking" as const, name: "Reservas", visible: true },
    ];
    const terms = { ...prefs().terms, object: { singular: "Bicicleta", plural: "Bicicletas" } };
    expect(menuEntries(prefs({ modules, terms }), everything, built).map((e) => e.name)).toEqual([
      "Bicicletas",
      "Órdenes de Trabajo",
      "Reservas",
    ]);
  });

  it("shows a module only with its permission; check-in needs create, orders need read", () => {
    const keys = (can: ReturnType<typeof grants>) => menuEntries(prefs(), can, built).map((e) => e.key);
    expect(keys(grants(["read", "check_in"]))).toEqual(["order"]);
    expect(keys(grants(["create", "check_in"]))).toEqual(["checkin"]);
    expect(keys(grants(["read", "work"], ["read", "booking"]))).toEqual(["booking", "pending_works"]);
    expect(keys(grants())).toEqual([]);
  });

  it("lists no module whose screen does not exist yet", () => {
    const only = new Set(["/main/orders", "/main/crm"]);
    expect(menuEntries(prefs(), everything, (to) => only.has(to)).map((e) => e.key)).toEqual(["order", "crm"]);
  });

  it("adds 'Cobros' last for those who may read payments", () => {
    const keys = (can: ReturnType<typeof grants>) => menuEntries(prefs(), can, built).map((e) => e.key);
    expect(keys(grants(["read", "payment"]))).toEqual(["payments"]);
    expect(keys(grants(["read", "crm"], ["read", "payment"]))).toEqual(["crm", "payments"]);
    expect(keys(grants(["create", "payment"]))).toEqual([]);
    expect(menuEntries(prefs(), grants(["read", "payment"]), built)).toEqual([
      { key: "payments", name: "Cobros", to: "/main/payments" },
    ]);
  });

  it("the route map says which modules have a screen: those still to come are left out", () => {
    const shown = menuEntries(prefs(), grants(["read", "payment"], ...modulePermissions), hasScreen);
    expect(shown.map((e) => e.key)).toEqual([
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
      "payments",
    ]);
    // The ones left out are the router's 'Próximamente' pages.
    expect(hasScreen(MODULE_ROUTES.checkin.to)).toBe(true);
    expect(hasScreen(MODULE_ROUTES.analytic.to)).toBe(true);
    expect(hasScreen(MODULE_ROUTES.invoicing.to)).toBe(true);
    expect(hasScreen("/main/payments")).toBe(true);
    expect(hasScreen("/main/nowhere")).toBe(false);
  });
});

describe("homePath", () => {
  it("is the first entry the user may use, else the profile", () => {
    expect(homePath(prefs(), everything, built)).toBe("/main/booking");
    expect(homePath(prefs(), grants(["read", "vehicle"]), built)).toBe("/main/vehicles");
    expect(homePath(prefs(), grants(), built)).toBe("/main/settings");
    expect(homePath(prefs(), grants(["read", "payment"]), built)).toBe("/main/payments");
    expect(homePath(prefs(), grants(["read", "analytics"]), hasScreen)).toBe("/main/analytics");
    expect(homePath(prefs(), grants(["read", "invoice"]), hasScreen)).toBe("/main/invoices");
  });
});

describe("pageTitle", () => {
  const custom = prefs({
    terms: {
      object: { singular: "Equipo", plural: "Equipos" },
      client: { singular: "Paciente", plural: "Pacientes" },
      order: { singular: "Ficha", plural: "Fichas" },
      crm: { singular: "Seguimiento", plural: "Seguimientos" },
    },
    modules: [{ key: "booking", name: "Reservas", visible: true }],
  });

  it("uses the company's terms for vehicles, orders and crm", () => {
    expect(pageTitle({ module: "object" }, custom)).toBe("Equipos");
    expect(pageTitle({ module: "order" }, custom)).toBe("Fichas");
    expect(pageTitle({ module: "crm" }, custom)).toBe("Seguimientos");
    expect(pageTitle({ term: "order", form: "singular" }, custom)).toBe("Ficha");
    expect(pageTitle({ term: "client", form: "plural" }, custom)).toBe("Pacientes");
  });

  it("uses the configured module name, else the default one, else fixed text", () => {
    expect(pageTitle({ module: "booking" }, custom)).toBe("Reservas");
    expect(pageTitle({ module: "calendar" }, custom)).toBe("Calendario");
    expect(pageTitle({ text: "Mi Perfil" }, custom)).toBe("Mi Perfil");
  });
});
