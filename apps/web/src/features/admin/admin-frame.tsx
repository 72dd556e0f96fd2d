/** The frame of every /admin page: the way back to the app, the page's title and the administration's sections. */
import { Link } from "@tanstack/react-router";
import { ListChecks, MonitorSmartphone, Palette, SlidersHorizontal } from "lucide-react";
import type { ReactNode } from "react";
import "./admin.css";

export function AdminFrame({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <main className="admin">
      <Link to="/main">Volver</Link>
      <h1>
        {icon} {title}
      </h1>
      <nav className="admin-nav" aria-label="Administración">
        <Link to="/admin" activeOptions={{ exact: true }}>
          Usuarios
        </Link>
        <Link to="/admin/roles">Roles</Link>
        <Link to="/admin/locations">Locales</Link>
        <Link to="/admin/holidays">Feriados</Link>
        <Link to="/admin/statuses">
          <Palette size={16} aria-hidden /> Estados
        </Link>
        <Link to="/admin/requirements">
          <ListChecks size={16} aria-hidden /> Requerimientos
        </Link>
        <Link to="/admin/preferences">
          <SlidersHorizontal size={16} aria-hidden /> Preferencias
        </Link>
        <Link to="/admin/workpoints">
          <MonitorSmartphone size={16} aria-hidden /> Puntos de trabajo
        </Link>
      </nav>
      {children}
    </main>
  );
}
