/**
 * The CRM area's route table (seed 001 section 2), read from the path under /main/crm. The router has one splat
 * route for the whole area (routes/router.tsx): the table lives with the CRM's lazy chunk, so the entry every route
 * downloads (the login's budget) does not grow with it.
 *
 *   crmScreen("absences/12", true)  // { screen: "absences", id: 12 }: the absences list filtered to management 12
 *   <Link to="/main/crm/$" params={{ _splat: "clients/5" }}>   // links name the path under /main/crm
 */
export type CrmScreen =
  | { screen: "clients" }
  | { screen: "client"; id: number }
  | { screen: "retentions" | "absences"; id: number | null }
  | { screen: "bookings" }
  | { screen: "management"; id: number };

export type CrmTab = "clients" | "retentions" | "absences" | "bookings";

const ID = /^[1-9]\d{0,8}$/;

/**
 * What a path under /main/crm shows, or null for "anything else": the caller sends that to the first tab
 * (firstCrmTab). Clients need read on client: without it they are "anything else" too.
 */
export function crmScreen(splat: string, canReadClient: boolean): CrmScreen | null {
  const [first = "", second, ...rest] = splat.split("/").filter(Boolean);
  if (rest.length > 0) return null;
  switch (first) {
    case "clients":
      if (!canReadClient) return null;
      if (second === undefined) return { screen: "clients" };
      return ID.test(second) ? { screen: "client", id: Number(second) } : null;
    case "retentions":
    case "absences":
      if (second === undefined) return { screen: first, id: null };
      return ID.test(second) ? { screen: first, id: Number(second) } : null;
    case "bookings":
      return second === undefined ? { screen: "bookings" } : null;
    default:
      return second === undefined && ID.test(first) ? { screen: "management", id: Number(first) } : null;
  }
}

/** Where /main/crm and any other path lead: clients, or retentions for those who may not read clients. */
export function firstCrmTab(canReadClient: boolean): CrmTab {
  return canReadClient ? "clients" : "retentions";
}

/** The tab a screen belongs to (a client's page under clients; a management's page under none). */
export function tabOf(screen: CrmScreen): CrmTab | null {
  switch (screen.screen) {
    case "client":
      return "clients";
    case "management":
      return null;
    default:
      return screen.screen;
  }
}
