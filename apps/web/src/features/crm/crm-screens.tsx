/** The screen a path under /main/crm names (crm-routes.ts), loaded lazily by crm-page.tsx. */
import { ClientDetailPage } from "./client-detail";
import { ClientsPage } from "./clients-page";
import type { CrmScreen } from "./crm-routes";
import { ManagementDetailPage } from "./management-detail";
import { ManagementsPage } from "./managements-page";

export default function Screen({ screen }: { screen: CrmScreen }) {
  switch (screen.screen) {
    case "clients":
      return <ClientsPage />;
    case "client":
      return <ClientDetailPage clientId={screen.id} />;
    case "retentions":
      return <ManagementsPage key={`r${screen.id}`} kind="retention" onlyId={screen.id} />;
    case "absences":
      return <ManagementsPage key={`a${screen.id}`} kind="absence" onlyId={screen.id} />;
    case "bookings":
      return <ManagementsPage kind="booking" onlyId={null} />;
    case "management":
      return <ManagementDetailPage crmId={screen.id} />;
  }
}
