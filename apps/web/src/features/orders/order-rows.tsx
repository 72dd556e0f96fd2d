/**
 * One order in the list: a table row on desktop, a card under 800 px (seed 002 section 2.4). Links to the vehicle,
 * the client and the budget appear only for users who may read them (seed 002 section 6).
 */
import type { RouterOutputs } from "@taller/api";
import { formatDateTime, recallText, titleCase } from "@taller/core";
import { Link } from "@tanstack/react-router";
import { oneVehicleSearch } from "../../routes/search";
import { ArrowDown, ArrowUp, ArrowUpDown, Film, ImageOff, MessageSquare, TriangleAlert } from "lucide-react";
import { useTerms } from "../../lib/company-setup";
import { useCan } from "../../lib/permissions";
import { IconButton } from "../../ui/icon-button";
import { StatusBadge, StatusDot } from "../../ui/status";
import { showChat } from "../chat";
import { Tooltip } from "../../ui/tooltip";
import { nextReceptionSort, type SortState } from "./list-rules";

export type OrderListItem = RouterOutputs["orders"]["list"]["orders"][number];

/** Status dot, number, requirement, brand, model, identifier, client, 'Recepción', last budget, chat. */
/** The status dot's column: the number beside it stays in view when the table scrolls sideways. */
export const ORDER_MARK_WIDTH = "20px";
export const ORDER_COLUMNS = `${ORDER_MARK_WIDTH} 64px minmax(120px, 2fr) minmax(70px, 1fr) minmax(70px, 1fr) 100px minmax(120px, 2fr) 132px 96px 48px`;
export const ORDER_TABLE_MIN_WIDTH = "970px";

export function OrderHeader({ sort, onSort }: { sort: SortState; onSort(next: SortState): void }) {
  const Arrow = sort.arrow === "asc" ? ArrowUp : sort.arrow === "desc" ? ArrowDown : ArrowUpDown;
  const terms = useTerms();
  return (
    <>
      <div role="columnheader">
        <span className="visually-hidden">Estado</span>
      </div>
      <div role="columnheader">N°</div>
      <div role="columnheader">Requerimiento</div>
      <div role="columnheader">Marca</div>
      <div role="columnheader">Modelo</div>
      <div role="columnheader">Identificador</div>
      <div role="columnheader">{terms.client.one}</div>
      <div
        role="columnheader"
        aria-sort={sort.arrow === "asc" ? "ascending" : sort.arrow === "desc" ? "descending" : "none"}
      >
        <button type="button" className="column-sort" onClick={() => onSort(nextReceptionSort(sort))}>
          Recepción
          <Arrow size={14} aria-hidden className={sort.arrow ? undefined : "muted"} />
        </button>
      </div>
      <div role="columnheader">Presupuesto</div>
      <div role="columnheader">
        <span className="visually-hidden">Chat</span>
      </div>
    </>
  );
}

/**
 * The requirement, with the recall warning when the order carries recall data. Inside a card (itself a link) the
 * warning is not focusable and says its text without a tooltip, which touch screens do not show anyway.
 */
function Requirement({ order, inLink = false }: { order: OrderListItem; inLink?: boolean }) {
  const terms = useTerms();
  const recall = recallText(terms.object);
  const icon = (
    <span
      className="recall-icon"
      role="img"
      aria-label={recall}
      title={inLink ? recall : undefined}
      tabIndex={inLink ? undefined : 0}
    >
      <TriangleAlert size={16} />
    </span>
  );
  return (
    <>
      {order.recall_data.length > 0 && (inLink ? icon : <Tooltip content={recall}>{icon}</Tooltip>)}
      <span className="order-requirement-name">{order.requirement?.name ?? "-"}</span>
    </>
  );
}

/** The identifier, as a link to the vehicles list searching it for those who may read vehicles. */
function Identifier({ identifier, canRead }: { identifier: string | null | undefined; canRead: boolean }) {
  if (!identifier) return <>-</>;
  if (!canRead) return <>{identifier}</>;
  return (
    <Link to="/main/vehicles" search={oneVehicleSearch(identifier)}>
      {identifier}
    </Link>
  );
}

/** The client's name title-cased, as a link to the client's page for those who may read clients. */
export function ClientName({
  client,
  canRead,
  fallback = "-",
}: {
  client: { id: number; name: string | null } | null;
  canRead: boolean;
  fallback?: string;
}) {
  if (!client?.name) return <>{fallback}</>;
  const name = titleCase(client.name);
  if (!canRead) return <>{name}</>;
  return (
    <Link to="/main/crm/$" params={{ _splat: `clients/${client.id}` }}>
      {name}
    </Link>
  );
}

export function OrderRow({
  order,
  budgetStatus,
}: {
  order: OrderListItem;
  budgetStatus: { name: string; color: string } | undefined;
}) {
  const can = useCan();
  return (
    <>
      <div role="cell">
        <StatusDot color={order.status.color} label={order.status.name} />
      </div>
      <div role="cell">
        <Link to="/main/orders/$id" params={{ id: String(order.id) }} className="order-number">
          #{order.correlative_id}
        </Link>
      </div>
      <div role="cell" className="order-requirement">
        <Requirement order={order} />
      </div>
      <div role="cell">{order.object?.brand_name ?? "-"}</div>
      <div role="cell">{order.object?.brand_model_name ?? "-"}</div>
      <div role="cell">
        <Identifier identifier={order.object?.identifier} canRead={can("read", "vehicle")} />
      </div>
      <div role="cell">
        <ClientName client={order.client} canRead={can("read", "client")} />
      </div>
      <div role="cell">{formatDateTime(order.check_in_time)}</div>
      <div role="cell">
        {order.last_budget_id !== null && budgetStatus ? (
          can("read", "budget") ? (
            <Link to="/main/budgets/$id" params={{ id: String(order.last_budget_id) }} className="budget-link">
              <StatusDot color={budgetStatus.color} label={budgetStatus.name} />
            </Link>
          ) : (
            <StatusDot color={budgetStatus.color} label={budgetStatus.name} />
          )
        ) : (
          "-"
        )}
      </div>
      <div role="cell">
        {/* Opens the order's chat in the panel; the list stays where it is (seed 002 section 2.4). */}
        <IconButton label="Abrir chat" onClick={() => showChat({ document_type: "Order", document_id: order.id })}>
          <MessageSquare size={18} />
        </IconButton>
      </div>
    </>
  );
}

function Thumbnail({ picture }: { picture: OrderListItem["picture"] }) {
  return (
    <span className="order-thumb" aria-hidden>
      {!picture ? (
        <ImageOff size={22} />
      ) : picture.video ? (
        <Film size={22} />
      ) : (
        <img src={picture.url} alt="" loading="lazy" />
      )}
    </span>
  );
}

/** Thumbnail, number, identifier (or the client's RUT), requirement, client and status; the card opens the order. */
export function OrderCard({ order }: { order: OrderListItem }) {
  return (
    <Link to="/main/orders/$id" params={{ id: String(order.id) }} className="list-card">
      <Thumbnail picture={order.picture} />
      <span className="list-card-main">
        <span className="list-card-title">
          <span>#{order.correlative_id}</span>
          <span className="muted">{order.object?.identifier ?? order.client?.rut ?? "-"}</span>
        </span>
        <span className="order-requirement">
          <Requirement order={order} inLink />
        </span>
        <span className="muted">{order.client?.name ? titleCase(order.client.name) : "-"}</span>
        <span>
          <StatusBadge color={order.status.color} name={order.status.name} />
        </span>
      </span>
    </Link>
  );
}
