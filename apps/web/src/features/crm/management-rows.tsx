/**
 * One retention or absence in its list: a table row whose cells are the chosen columns plus a button that expands
 * it, or a card under 800 px. The expanded part shows the rest of the management and a link to its detail; the
 * client's name opens the client in a dialog (seed 001 section 2).
 */
import type { RouterOutputs } from "@taller/api";
import {
  type CrmCategory,
  crmCategoryDisplay,
  type CrmColumn,
  type CrmKind,
  formatDateTime,
  formatDay,
  titleCase,
} from "@taller/core";
import { Link } from "@tanstack/react-router";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, ChevronUp } from "lucide-react";
import type { ReactNode } from "react";
import { IconButton } from "../../ui/icon-button";
import { StatusBadge } from "../../ui/status";
import { CLIENT_NAME_MAX, CRM_COLOR_CSS, type ListSort, type ManagementColumn, nextSort, shorten } from "./crm-rules";
import { lowerTerm, orderShort } from "@taller/core";
import { useTerms } from "../../lib/company-setup";

export type ManagementRow = RouterOutputs["crm"]["retentions"]["items"][number];

/**
 * Each column's narrowest width (px), holding its header with the sort arrow and a usual value whole (a date with
 * its time, a RUT, a phone), and its share of what is left. Past their sum the table scrolls sideways.
 */
const TRACKS: Record<CrmColumn, [min: number, share: number]> = {
  status: [130, 1.2],
  created_at: [132, 1],
  scheduled_for: [160, 1],
  reschedule_to: [132, 1],
  check_in_time: [132, 1],
  rut: [100, 1],
  name: [150, 1.4],
  email: [180, 1.4],
  phone: [130, 1],
  object_brand_name: [80, 1],
  object_brand_model_name: [90, 1],
  object_identifier: [80, 1],
  requirement_name: [130, 1.3],
  to_requirement_name: [180, 1.3],
  location_name: [100, 1],
  last_contacted_at: [140, 1],
};
/** The expand button's track. */
const EXPAND_WIDTH = 48;
/** The row's side padding and the gap between cells (lists.css `.vlist-row`). */
const ROW_PADDING = 32;
const CELL_GAP = 12;

export const columnTracks = (columns: readonly ManagementColumn[]) =>
  [...columns.map((c) => `minmax(${TRACKS[c.key][0]}px, ${TRACKS[c.key][1]}fr)`), `${EXPAND_WIDTH}px`].join(" ");

/** The width below which the table scrolls sideways: every track at its narrowest. */
export const tableMinWidth = (columns: readonly ManagementColumn[]) =>
  `${columns.reduce((sum, c) => sum + TRACKS[c.key][0], 0) + EXPAND_WIDTH + CELL_GAP * columns.length + ROW_PADDING}px`;

/** The category as a badge with the spec's title and colour. */
export function CategoryBadge({ kind, category }: { kind: CrmKind; category: CrmCategory }) {
  const { title, color } = crmCategoryDisplay(kind, category);
  return <StatusBadge color={CRM_COLOR_CSS[color]} name={title} />;
}

const day = (value: string | null) => (value ? formatDay(value) : "-");
const instant = (value: string | null) => (value ? formatDateTime(value) : "-");

export function ManagementHeader({
  columns,
  sort,
  onSort,
}: {
  columns: readonly ManagementColumn[];
  sort: ListSort;
  onSort(next: ListSort): void;
}) {
  return (
    <>
      {columns.map((c) => {
        const sorted = sort.sort === c.sort;
        const Arrow = !sorted ? ArrowUpDown : sort.sort_direction === "asc" ? ArrowUp : ArrowDown;
        return (
          <div
            key={c.key}
            role="columnheader"
            aria-sort={sorted ? (sort.sort_direction === "asc" ? "ascending" : "descending") : undefined}
          >
            {c.sort ? (
              <button type="button" className="column-sort" onClick={() => c.sort && onSort(nextSort(sort, c.sort))}>
                {c.label}
                <Arrow size={14} aria-hidden className={sorted ? undefined : "muted"} />
              </button>
            ) : (
              c.label
            )}
          </div>
        );
      })}
      <div role="columnheader">
        <span className="visually-hidden">Detalle</span>
      </div>
    </>
  );
}

/** The client's name, shortened; a button opening the client when the user may read clients. */
function ClientCell({ row, onOpenClient }: { row: ManagementRow; onOpenClient: ((clientId: number) => void) | null }) {
  if (!row.name) return <>-</>;
  const name = shorten(titleCase(row.name), CLIENT_NAME_MAX);
  if (!onOpenClient || row.client_id === null) return <>{name}</>;
  const clientId = row.client_id;
  return (
    <button
      type="button"
      className="crm-link-button"
      onClick={() => onOpenClient(clientId)}
      title={titleCase(row.name)}
    >
      {name}
    </button>
  );
}

function cell(
  kind: CrmKind,
  key: CrmColumn,
  row: ManagementRow,
  onOpenClient: ((id: number) => void) | null,
): ReactNode {
  switch (key) {
    case "status":
      return <CategoryBadge kind={kind} category={row.category} />;
    case "created_at":
      return instant(row.created_at);
    case "scheduled_for":
      return day(row.scheduled_for);
    case "reschedule_to":
      return instant(row.reschedule_to);
    case "check_in_time":
      return instant(row.check_in_time);
    case "rut":
      return row.rut ?? "-";
    case "name":
      return <ClientCell row={row} onOpenClient={onOpenClient} />;
    case "email":
      return row.email ?? "-";
    case "phone":
      return row.phone ? <a href={`tel:${row.phone}`}>{row.phone}</a> : "-";
    case "object_brand_name":
      return row.object_brand_name ?? "-";
    case "object_brand_model_name":
      return row.object_brand_model_name ?? "-";
    case "object_identifier":
      return row.object_identifier ?? "-";
    case "requirement_name":
      return row.requirement_name ?? "-";
    case "to_requirement_name":
      return row.to_requirement_name ?? "-";
    case "location_name":
      return row.location_name ?? "-";
    case "last_contacted_at":
      return instant(row.last_contacted_at);
  }
}

function ExpandButton({
  expanded,
  onToggle,
  correlative,
}: {
  expanded: boolean;
  onToggle(): void;
  correlative: number;
}) {
  return (
    <IconButton
      label={expanded ? `Ocultar detalle de la gestión #${correlative}` : `Ver detalle de la gestión #${correlative}`}
      aria-expanded={expanded}
      onClick={onToggle}
    >
      {expanded ? <ChevronUp size={20} /> : <ChevronDown size={20} />}
    </IconButton>
  );
}

/** What an expanded row adds: every field of the row, and the way to the management. */
function Expanded({
  kind,
  row,
  columns,
  onOpen,
}: {
  kind: CrmKind;
  row: ManagementRow;
  columns: readonly ManagementColumn[];
  onOpen(id: number): void;
}) {
  const terms = useTerms();
  return (
    <div className="crm-row-detail" role="region" aria-label={`Gestión #${row.correlative_id}`}>
      <dl>
        <div>
          <dt>Gestión</dt>
          <dd>#{row.correlative_id}</dd>
        </div>
        {columns.map((c) => (
          <div key={c.key}>
            <dt>{c.label}</dt>
            <dd>{cell(kind, c.key, row, null)}</dd>
          </div>
        ))}
        {row.object_vin && (
          <div>
            <dt>Chasis</dt>
            <dd>{row.object_vin}</dd>
          </div>
        )}
        {row.color && (
          <div>
            <dt>Color</dt>
            <dd>{row.color}</dd>
          </div>
        )}
        {row.comment && (
          <div>
            <dt>Comentario</dt>
            <dd>{row.comment}</dd>
          </div>
        )}
      </dl>
      <div className="crm-row-actions">
        <button type="button" className="btn btn-secondary" onClick={() => onOpen(row.id)}>
          Ver gestión
        </button>
        {row.order_id !== null && (
          <Link to="/main/orders/$id" params={{ id: String(row.order_id) }} className="btn btn-text">
            Ver {lowerTerm(orderShort(terms.order))}
          </Link>
        )}
        {row.booking_id !== null && (
          <Link to="/main/bookings/$id" params={{ id: String(row.booking_id) }} className="btn btn-text">
            Ver reserva
          </Link>
        )}
      </div>
    </div>
  );
}

export interface RowProps {
  kind: CrmKind;
  row: ManagementRow;
  /** Every column the list has (the expanded part shows those hidden too). */
  allColumns: readonly ManagementColumn[];
  columns: readonly ManagementColumn[];
  expanded: boolean;
  onToggle(): void;
  onOpen(id: number): void;
  onOpenClient: ((clientId: number) => void) | null;
}

export function ManagementRowCells({
  kind,
  row,
  allColumns,
  columns,
  expanded,
  onToggle,
  onOpen,
  onOpenClient,
}: RowProps) {
  return (
    <>
      {columns.map((c) => (
        <div key={c.key} role="cell">
          {cell(kind, c.key, row, onOpenClient)}
        </div>
      ))}
      <div role="cell" className="crm-expand-cell">
        <ExpandButton expanded={expanded} onToggle={onToggle} correlative={row.correlative_id} />
      </div>
      {expanded && <Expanded kind={kind} row={row} columns={allColumns} onOpen={onOpen} />}
    </>
  );
}

export function ManagementCard({
  kind,
  row,
  allColumns,
  expanded,
  onToggle,
  onOpen,
  onOpenClient,
}: Omit<RowProps, "columns">) {
  return (
    <div className="list-card crm-card">
      <div className="list-card-main">
        <span className="list-card-title">
          <span>#{row.correlative_id}</span>
          <CategoryBadge kind={kind} category={row.category} />
        </span>
        <span>
          <ClientCell row={row} onOpenClient={onOpenClient} />
        </span>
        <span className="muted">
          {[row.object_identifier, row.requirement_name].filter(Boolean).join(" · ") || "-"}
        </span>
        <span className="muted">{instant(row.created_at)}</span>
        {expanded && <Expanded kind={kind} row={row} columns={allColumns} onOpen={onOpen} />}
      </div>
      <ExpandButton expanded={expanded} onToggle={onToggle} correlative={row.correlative_id} />
    </div>
  );
}
