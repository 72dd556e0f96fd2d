/**
 * The CRM area (/main/crm and everything under it, seed 001 'CRM section'): tabs for clients (only with read on
 * client), retentions, absences and bookings above the screen the path names (crm-routes.ts). The toolbar's title is
 * the company's term for crm (the route's title). A path the table does not know goes to the first tab.
 */
import { Link, Navigate, useParams } from "@tanstack/react-router";
import { lazyComponent } from "../../lib/lazy-component";
import { useTerms } from "../../lib/company-setup";
import { useCan } from "../../lib/permissions";
import { PageLoader } from "../../ui/spinner";
import { type CrmTab, crmScreen, firstCrmTab, tabOf } from "./crm-routes";
import "./crm.css";

// The screens are a chunk of their own, asked for beside this one (routes/pages.ts): the app's entry lists only their
// CSS to preload with the CRM route (the login's budget, bench:web), not the screens' whole tree.
const Screen = lazyComponent(() => import("./crm-screens").then((m) => m.default), {
  placeholder: () => <PageLoader />,
});

export function CrmPage() {
  const can = useCan();
  const terms = useTerms();
  const { _splat = "" } = useParams({ strict: false });
  const readClient = can("read", "client");
  const screen = crmScreen(_splat, readClient);
  if (!screen) return <Navigate to="/main/crm/$" params={{ _splat: firstCrmTab(readClient) }} replace />;
  const current = tabOf(screen);
  const tabs: [CrmTab, string][] = [
    ...(readClient ? [["clients", terms.client.many] as [CrmTab, string]] : []),
    ["retentions", "Retenciones"],
    ["absences", "Inasistencias"],
    ["bookings", "Reservas"],
  ];
  return (
    <div className="crm-area">
      <nav className="crm-tabs" aria-label={terms.crm.many}>
        {tabs.map(([tab, label]) => (
          <Link key={tab} to="/main/crm/$" params={{ _splat: tab }} aria-current={tab === current ? "page" : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      <div className="crm-tab-content">
        <Screen screen={screen} />
      </div>
    </div>
  );
}
