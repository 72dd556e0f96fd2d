/** The inventory's lists, one link each, above every list (the menu's 'Inventario' opens the products). */
import { Link } from "@tanstack/react-router";

const TABS = [
  { to: "/main/inventory/products", label: "Productos" },
  { to: "/main/inventory/actions", label: "Acciones" },
  { to: "/main/inventory/pricings", label: "Cotizaciones" },
] as const;

export function InventoryTabs() {
  return (
    <nav className="inventory-tabs" aria-label="Inventario">
      {TABS.map((t) => (
        <Link key={t.to} to={t.to} activeProps={{ "aria-current": "page", className: "active" }}>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
