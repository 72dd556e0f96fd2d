/**
 * 'Facturación' (/main/invoices): the documents newest first in the shared virtual list, the totals per status
 * (count and pesos, from the first page; a box toggles the status filter; past 10,000 matches of a search or filter
 * the count says 'más de 10.000' and the boxes show no number nor pesos), search, the day range and the client (in
 * the URL), the filter dialog (type, status), the folios' low warning, 'Exportar' (.xlsx) and the settings
 * ('Configuración': provider and CAF). Any document drafted, issued or voided anywhere refreshes the rows through
 * `invoicing.onChanged`.
 */
import { COUNT_CAP, DTE_TYPES, formatMoney, formatNumber, INVOICE_STATUSES, type InvoiceStatus } from "@taller/core";
import { Settings } from "lucide-react";
import { useState } from "react";
import { reportApiError } from "../../lib/api";
import { nextCursor, useInfiniteRows } from "../../lib/infinite-rows";
import { useIsNarrow } from "../../lib/media";
import { useCan } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { lazyPart } from "../../lib/lazy-part";
import { Dialog } from "../../ui/dialog";
import { useSearchText } from "../../lib/url-search";
import { FilterDialog } from "../../ui/filter-dialog";
import { IconButton } from "../../ui/icon-button";
import { ListPage, ListTotal } from "../../ui/list-page";
import { StatusBoxes } from "../../ui/status";
import { VirtualList } from "../../ui/virtual-list";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { FolioWarning } from "./folio-warning";
import { InvoiceFilters } from "./invoice-filters";
import { InvoicesExport } from "./invoices-export";
import { InvoiceCard, InvoiceHeader, InvoiceRow, INVOICE_COLUMNS, INVOICE_TABLE_MIN_WIDTH } from "./invoice-rows";
import { type DteCode, invoicesListInput } from "./list-input";
import "./invoicing.css";

// The settings' forms (react-hook-form, zod) load when their dialog opens.
const InvoiceSettings = lazyPart(() => import("./invoice-settings").then((m) => m.InvoiceSettings));

// The status boxes and the filter dialog take numeric ids: a status's position, from 1.
const STATUS_OPTIONS = INVOICE_STATUSES.map((s, i) => ({ id: i + 1, name: s.name, color: s.color, key: s.key }));
const TYPE_OPTIONS = DTE_TYPES.map((t) => ({ id: t.code, name: t.short }));
const keysOf = (ids: readonly number[]): InvoiceStatus[] =>
  STATUS_OPTIONS.filter((s) => ids.includes(s.id)).map((s) => s.key);

export function InvoicesPage() {
  const narrow = useIsNarrow();
  const can = useCan();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchText();
  const [statusIds, setStatusIds] = useState<number[]>([]);
  const [types, setTypes] = useState<number[]>([]);
  const [filterOpen, setFilterOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const filters = invoicesListInput(keysOf(statusIds), types as DteCode[], useSearch({ from: "/main/invoices" }));
  const list = trpc.invoicing.list.useInfiniteQuery(filters, { getNextPageParam: nextCursor });
  const { cappedTotal, ...rows } = useInfiniteRows(list, (page) => page.invoices, "los documentos");
  const totals = list.data?.pages[0]?.totals;
  const total = list.data?.pages[0]?.total;
  const utils = trpc.useUtils();
  trpc.invoicing.onChanged.useSubscription(undefined, {
    onData: () => void utils.invoicing.invalidate(),
    onError: reportApiError,
  });
  const toggle = (id: number) => setStatusIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  return (
    <ListPage
      search={search}
      onSearch={setSearch}
      onOpenFilter={() => setFilterOpen(true)}
      actions={
        <>
          <InvoicesExport filters={filters} />
          {can("update", "invoice") && (
            <IconButton label="Configuración de facturación" onClick={() => setSettingsOpen(true)}>
              <Settings size={22} aria-hidden />
            </IconButton>
          )}
        </>
      }
      boxes={
        <>
          <h2 className="invoices-title">
            Facturación ({total === undefined ? "…" : (cappedTotal ?? formatNumber(total))})
          </h2>
          <FolioWarning />
          <InvoiceFilters clientName={list.data?.pages[0]?.client?.name} />
          <StatusBoxes
            label="Estado"
            boxes={STATUS_OPTIONS.map((s) => ({
              ...s,
              count: totals && !totals.capped ? totals.by_status.find((t) => t.status === s.key)?.count : undefined,
            }))}
            selected={statusIds}
            onToggle={toggle}
          />
          <ListTotal capped={cappedTotal} />
          {totals && (
            <p className="invoice-amounts muted">
              {totals.capped
                ? `Montos por estado: acota la búsqueda o los filtros a menos de ${formatNumber(COUNT_CAP)} documentos para verlos`
                : totals.by_status
                    .filter((t) => t.count > 0)
                    .map(
                      (t) => `${STATUS_OPTIONS.find((s) => s.key === t.status)?.name}: ${formatMoney(t.amount ?? 0)}`,
                    )
                    .join(" · ")}
            </p>
          )}
        </>
      }
    >
      <VirtualList
        key={narrow ? "cards" : "table"}
        label="Documentos"
        {...rows}
        getKey={(i) => i.id}
        estimateSize={narrow ? 88 : 49}
        header={narrow ? undefined : <InvoiceHeader />}
        columns={INVOICE_COLUMNS}
        minWidth={narrow ? "0" : INVOICE_TABLE_MIN_WIDTH}
        onItemClick={(i) => void navigate({ to: "/main/invoices/$id", params: { id: String(i.id) } })}
        renderItem={(i) => (narrow ? <InvoiceCard invoice={i} /> : <InvoiceRow invoice={i} />)}
        loadingText="Cargando documentos"
        emptyText="No se han encontrado documentos"
      />
      <FilterDialog
        open={filterOpen}
        onOpenChange={setFilterOpen}
        groups={[
          { key: "type", title: "Tipo de documento", options: TYPE_OPTIONS },
          { key: "status", title: "Estado", options: STATUS_OPTIONS },
        ]}
        value={{ type: types, status: statusIds }}
        onApply={(v) => {
          setTypes(v.type);
          setStatusIds(v.status);
        }}
      />
      {settingsOpen && (
        <Dialog open onOpenChange={setSettingsOpen} title="Configuración de facturación" width={560}>
          <InvoiceSettings />
        </Dialog>
      )}
    </ListPage>
  );
}
