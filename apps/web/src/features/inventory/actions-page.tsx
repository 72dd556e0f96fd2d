/**
 * The inventory actions of one type (/main/inventory/actions: buy orders or pricings, chosen in 'Tipo';
 * /main/inventory/pricings: the pricings), newest first: a status filter, a search by number or supplier, and a
 * virtualized table (cards under 800 px) with number, supplier, order, status and what was received. Rows follow
 * supplier documents changed elsewhere (provider.changed) and receipts (inventory.changed).
 */
import type { RouterOutputs } from "@taller/api";
import {
  formatDateTime,
  formatNumber,
  INVENTORY_ACTION_NAMES,
  PROVIDER_KIND_STATUSES,
  PROVIDER_STATUS_CODES,
  PROVIDER_STATUSES,
  RECEIPT_STATE_NAMES,
  receiptState,
  type ProviderKind,
} from "@taller/core";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useRefreshOn } from "../../lib/company-events";
import { useTerms } from "../../lib/company-setup";
import { nextCursor, useInfiniteRows } from "../../lib/infinite-rows";
import { useIsNarrow } from "../../lib/media";
import { trpc } from "../../lib/trpc";
import { useSearchText } from "../../lib/url-search";
import { FilterDialog } from "../../ui/filter-dialog";
import { ListPage, ListTotal } from "../../ui/list-page";
import { Select } from "../../ui/select";
import { VirtualList } from "../../ui/virtual-list";
import { InventoryTabs } from "./inventory-tabs";
import "./inventory.css";

type ActionItem = RouterOutputs["provider"]["actions"]["list"]["actions"][number];

const KIND_OPTIONS = (["buy_order", "pricing"] as const).map((kind) => ({
  value: kind,
  label: kind === "buy_order" ? "Órdenes de compra" : "Cotizaciones",
}));
const COLUMNS = "minmax(90px, 0.6fr) minmax(180px, 2fr) minmax(110px, 1fr) minmax(120px, 1fr) minmax(150px, 1fr) 150px";

/** 'Recibida parcialmente (3 de 8)' for a buy order; a pricing's lines count. */
function progress(a: ActionItem) {
  if (a.kind === "pricing") return `${formatNumber(a.lines)} productos`;
  const state = receiptState([{ ordered: a.ordered, received: a.received }]);
  return `${RECEIPT_STATE_NAMES[state]} (${formatNumber(a.received)} de ${formatNumber(a.ordered)})`;
}

function StatusMark({ action }: { action: ActionItem }) {
  const status = PROVIDER_STATUSES[action.status];
  return (
    <span className="action-status" style={{ borderColor: status.color, color: status.color }}>
      {action.draft && action.status === "pending" ? "Borrador" : status.name}
    </span>
  );
}

function OrderLink({ action }: { action: ActionItem }) {
  const terms = useTerms();
  if (action.order_id === null) return <span className="muted">-</span>;
  return (
    <Link to="/main/orders/$id" params={{ id: String(action.order_id) }} onClick={(e) => e.stopPropagation()}>
      {terms.order.one} #{action.order_correlative_id}
    </Link>
  );
}

function ActionRow({ action }: { action: ActionItem }) {
  return (
    <>
      <div role="cell">
        <strong>#{action.correlative_id}</strong>
      </div>
      <div role="cell">{action.provider_name}</div>
      <div role="cell">
        <OrderLink action={action} />
      </div>
      <div role="cell">
        <StatusMark action={action} />
      </div>
      <div role="cell" className="muted">
        {progress(action)}
      </div>
      <div role="cell" className="muted">
        {formatDateTime(action.created_at)}
      </div>
    </>
  );
}

function ActionCard({ action }: { action: ActionItem }) {
  return (
    <div className="list-card">
      <div className="list-card-main">
        <div className="list-card-title">
          <strong>
            {INVENTORY_ACTION_NAMES[action.kind]} #{action.correlative_id}
          </strong>
          <StatusMark action={action} />
        </div>
        <div>{action.provider_name}</div>
        <div className="muted">
          <OrderLink action={action} /> · {progress(action)}
        </div>
        <div className="muted">{formatDateTime(action.created_at)}</div>
      </div>
    </div>
  );
}

function ActionsList({ kind, kindPicker }: { kind: ProviderKind; kindPicker?: (kind: ProviderKind) => void }) {
  const narrow = useIsNarrow();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [search, setSearch] = useSearchText();
  const [statuses, setStatuses] = useState<number[] | null>(null);
  const [filterOpen, setFilterOpen] = useState(false);
  const kindStatuses = PROVIDER_KIND_STATUSES[kind];
  const statusOptions = kindStatuses.map((code) => ({
    id: PROVIDER_STATUS_CODES.indexOf(code),
    name: PROVIDER_STATUSES[code].name,
  }));
  const chosen = (statuses ?? [])
    .flatMap((i) => PROVIDER_STATUS_CODES[i] ?? [])
    .filter((s) => kindStatuses.includes(s));
  const list = trpc.provider.actions.list.useInfiniteQuery(
    { kind, statuses: chosen.length ? chosen : null, search: search || null },
    { getNextPageParam: nextCursor },
  );
  const { cappedTotal, ...rows } = useInfiniteRows(list, (page) => page.actions, "las acciones de inventario");
  useRefreshOn(["provider.changed", "inventory.changed"], () => utils.provider.actions.list.invalidate());

  return (
    <ListPage
      search={search}
      onSearch={setSearch}
      searchLabel="Buscar por número o proveedor"
      onOpenFilter={() => setFilterOpen(true)}
      boxes={
        <div className="products-options">
          <InventoryTabs />
          {kindPicker && (
            <Select
              label="Tipo"
              value={kind}
              onValueChange={(v) => {
                setStatuses(null);
                kindPicker(v);
              }}
              options={KIND_OPTIONS}
            />
          )}
          <ListTotal capped={cappedTotal} />
        </div>
      }
    >
      <VirtualList
        key={narrow ? "cards" : "table"}
        label={kind === "buy_order" ? "Órdenes de compra" : "Cotizaciones"}
        {...rows}
        getKey={(a) => a.id}
        estimateSize={narrow ? 120 : 49}
        header={
          narrow ? undefined : (
            <>
              <div role="columnheader">Número</div>
              <div role="columnheader">Proveedor</div>
              <div role="columnheader">Documento</div>
              <div role="columnheader">Estado</div>
              <div role="columnheader">{kind === "buy_order" ? "Recepción" : "Productos"}</div>
              <div role="columnheader">Creada</div>
            </>
          )
        }
        columns={COLUMNS}
        minWidth="820px"
        renderItem={(a) => (narrow ? <ActionCard action={a} /> : <ActionRow action={a} />)}
        onItemClick={(a) => void navigate({ to: "/main/inventory-actions/$id", params: { id: String(a.id) } })}
        loadingText="Cargando acciones de inventario"
        emptyText={
          kind === "buy_order" ? "No se han encontrado órdenes de compra" : "No se han encontrado cotizaciones"
        }
      />
      <FilterDialog
        open={filterOpen}
        onOpenChange={setFilterOpen}
        groups={[{ key: "status", title: "Estados", options: statusOptions }]}
        value={{ status: statuses ?? statusOptions.map((s) => s.id) }}
        // Every status chosen is no filter.
        onApply={(v) => setStatuses(v.status.length === statusOptions.length ? null : v.status)}
      />
    </ListPage>
  );
}

/** /main/inventory/actions: buy orders first, pricings on 'Tipo'. */
export function ActionsPage() {
  const [kind, setKind] = useState<ProviderKind>("buy_order");
  return <ActionsList key={kind} kind={kind} kindPicker={setKind} />;
}

/** /main/inventory/pricings */
export function PricingsPage() {
  return <ActionsList kind="pricing" />;
}
