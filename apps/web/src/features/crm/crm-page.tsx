/**
 * The CRM area (/main/crm, seed 001 'CRM section'): tabs for clients (only with read on client), retentions,
 * absences and bookings above the chosen tab's screen. The toolbar's title is the company's term for crm (the
 * route's title).
 */
import { Link, Outlet } from "@tanstack/react-router";
import { useCan } from "../../lib/permissions";
import { useCompanySetup } from "../../lib/company-setup";
import { ManagementsPage } from "./managements-page";
import "./crm.css";

export function CrmLayout() {
  const can = useCan();
  const { terms } = useCompanySetup().company.preferences;
  return (
    <div className="crm-area">
      <nav className="crm-tabs" aria-label={terms.crm.plural}>
        {can("read", "client") && (
          <Link to="/main/crm/clients" activeProps={{ "aria-current": "page" }}>
            {terms.client.plural}
          </Link>
        )}
        <Link to="/main/crm/retentions" activeProps={{ "aria-current": "page" }}>
          Retenciones
        </Link>
        <Link to="/main/crm/absences" activeProps={{ "aria-current": "page" }}>
          Inasistencias
        </Link>
        <Link to="/main/crm/bookings" activeProps={{ "aria-current": "page" }}>
          Reservas
        </Link>
      </nav>
      <div className="crm-tab-content">
        <Outlet />
      </div>
    </div>
  );
}

export const RetentionsPage = () => <ManagementsPage kind="retention" />;
export const AbsencesPage = () => <ManagementsPage kind="absence" />;
export const BookingFollowUpsPage = () => <ManagementsPage kind="booking" />;
