/** The links between /admin's pages, at the top of each. */
import { Link } from "@tanstack/react-router";
import { ListChecks, MonitorSmartphone, Palette, SlidersHorizontal, Users } from "lucide-react";

export function AdminNav() {
  return (
    <>
      <Link to="/main">Volver</Link>
      <h1>
        <Users size={22} aria-hidden /> Administración
      </h1>
      <nav className="admin-nav" aria-label="Administración">
        <Link to="/admin" activeOptions={{ exact: true }}>
          Usuarios
        </Link>
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
    </>
  );
}
