/**
 * The operator area's frame (/manager/main): the side menu 'Administración' and the child screen. The route guard
 * already re-authenticated (routes/guards.ts, requireManager); screens read the API through React Query from here.
 */
import { Link, Outlet, useNavigate, useRouteContext } from "@tanstack/react-router";
import { LogOut, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { managerToken } from "../../lib/manager-token";
import { ApiProvider } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { MANAGER_MENU } from "./menu";
import "./manager.css";

export function ManagerShell() {
  const { api } = useRouteContext({ from: "__root__" });
  const { operator } = useRouteContext({ from: "/manager/main" });
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  async function signOut() {
    setLeaving(true);
    // An ended session is as good as a logout: the login follows either way.
    await api.manager.auth.logout.mutate().catch(() => undefined);
    managerToken.set(null);
    await navigate({ to: "/manager/login" });
  }

  return (
    <ApiProvider>
      <div className="manager">
        <aside className="manager-menu">
          <div className="manager-brand">
            <ShieldCheck size={20} aria-hidden />
            <span>{operator.name}</span>
          </div>
          <nav aria-label={MANAGER_MENU.group}>
            <h2>{MANAGER_MENU.group}</h2>
            <ul>
              {MANAGER_MENU.entries.map(({ label, to, icon: Icon }) => (
                <li key={to}>
                  <Link to={to} className="manager-menu-link" activeProps={{ className: "manager-menu-link active" }}>
                    <Icon size={18} aria-hidden /> {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <Button variant="text" icon={<LogOut size={18} />} loading={leaving} onClick={() => void signOut()}>
            Cerrar sesión
          </Button>
        </aside>
        <main className="manager-body">
          <Outlet />
        </main>
      </div>
    </ApiProvider>
  );
}
