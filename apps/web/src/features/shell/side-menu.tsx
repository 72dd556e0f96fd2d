/**
 * The side menu: the company's modules the user may use and whose screen exists, 'Cobros' (read payment), then
 * 'Mi Perfil', 'Administrar' (read manager) and 'Cerrar sesión'. A fixed column on wide screens, a drawer on phones.
 */
import { Link } from "@tanstack/react-router";
import {
  CalendarClock,
  CalendarDays,
  Car,
  ChartColumn,
  ClipboardList,
  ClipboardPlus,
  FileText,
  HandCoins,
  HeartHandshake,
  LogOut,
  type LucideIcon,
  Package,
  Receipt,
  Share2,
  Shield,
  UserRound,
  Wrench,
} from "lucide-react";
import { useState } from "react";
import { hasScreen, logout } from "../../routes/router";
import { useCompanySetup } from "../../lib/company-setup";
import { useCan } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { useSnackbar } from "../../ui/snackbar";
import { UserCard } from "../../ui/user-card";
import { initials } from "../../ui/initials";
import { type MenuEntry, menuEntries, PROFILE_PATH } from "./navigation";

const ENTRY_ICONS: Record<MenuEntry["key"], LucideIcon> = {
  booking: CalendarClock,
  checkin: ClipboardPlus,
  order: ClipboardList,
  pending_works: Wrench,
  calendar: CalendarDays,
  budget: FileText,
  analytic: ChartColumn,
  object: Car,
  crm: HeartHandshake,
  inventory: Package,
  invoicing: Receipt,
  shares: Share2,
  payments: HandCoins,
};

/** The menu's company, entries and user: in the sidebar, and in the drawer on phones (side-menu-drawer.tsx). */
export function MenuContent({ onNavigate }: { onNavigate?: () => void }) {
  const { company } = useCompanySetup();
  const me = trpc.auth.me.useQuery().data;
  const can = useCan();
  const snackbar = useSnackbar();
  const [leaving, setLeaving] = useState(false);
  const entries = menuEntries(company.preferences, can, hasScreen);

  async function signOut() {
    setLeaving(true);
    await logout().catch(() => {
      setLeaving(false);
      snackbar.show("No se pudo cerrar la sesión. Inténtalo nuevamente.", { tone: "error" });
    });
  }

  return (
    <>
      <div className="sidebar-company">
        {company.preferences.logo ? (
          <img src={company.preferences.logo} alt="" className="sidebar-logo" />
        ) : (
          <span className="sidebar-logo logo-initials" aria-hidden>
            {initials(company.name)}
          </span>
        )}
        <span className="sidebar-company-name">{company.name}</span>
      </div>
      <nav className="sidebar-nav" aria-label="Menú principal">
        <ul>
          {entries.map((entry) => {
            const Icon = ENTRY_ICONS[entry.key];
            return (
              <li key={entry.key}>
                <Link to={entry.to} className="sidebar-link" onClick={onNavigate}>
                  <Icon size={20} aria-hidden />
                  <span>{entry.name}</span>
                </Link>
              </li>
            );
          })}
        </ul>
        <hr />
        <ul>
          <li>
            <Link to={PROFILE_PATH} className="sidebar-link" onClick={onNavigate}>
              <UserRound size={20} aria-hidden />
              <span>Mi Perfil</span>
            </Link>
          </li>
          {can("read", "manager") && (
            <li>
              <Link to="/admin" className="sidebar-link" onClick={onNavigate}>
                <Shield size={20} aria-hidden />
                <span>Administrar</span>
              </Link>
            </li>
          )}
          <li>
            <button type="button" className="sidebar-link" onClick={signOut} disabled={leaving}>
              <LogOut size={20} aria-hidden />
              <span>Cerrar sesión</span>
            </button>
          </li>
        </ul>
      </nav>
      {me && <UserCard className="sidebar-user" user={me} />}
    </>
  );
}

export function SideMenu() {
  return (
    <aside className="sidebar">
      <MenuContent />
    </aside>
  );
}
