/**
 * The retentions and absences lists (/main/crm/retentions, /main/crm/absences; seed 001 section 2): search (500 ms,
 * upper-cased, clear button), date range, the KPI boxes (toggling one filters the list; hidden on narrow screens),
 * the column chooser, a virtualized table sortable by its headers with expandable rows, and 'Cargando ...' while
 * more pages exist. retentions/{id} and absences/{id} open the list filtered to that management. The filter is
 * remembered under `crm_booking_filter`; the rows and KPIs refresh when any management changes.
 */
import type { CrmKind } from "@taller/core";
import { Link, useSearch } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTerms } from "../../lib/company-setup";
import { nextCursor, useInfiniteRows } from "../../lib/infinite-rows";
import { useLocationFilter } from "../../lib/locations";
import { useIsNarrow } from "../../lib/media";
import { useCan } from "../../lib/permissions";
import { useDialogParam, useSearchText, useSetParams } from "../../lib/url-search";
import { trpc } from "../../lib/trpc";
import { SearchBar } from "../../ui/search-bar";
import { VirtualList } from "../../ui/virtual-list";
import { ClientDialog } from "./client-detail";
import { ColumnChooser } from "./column-chooser";
import { type ListSort, managementColumns, toggleCategory } from "./crm-rules";
import { useManagementFilter } from "./crm-filter";
import { DateRangeSelect } from "./date-range-select";
import { KpiStrip } from "./kpi-strip";
import { managementsInput } from "./list-input";
import { ManagementDialog } from "./management-detail";
import { columnTracks, ManagementCard, ManagementHeader, ManagementRowCells, tableMinWidth } from "./management-rows";
import "./crm.css";

const LIST_LABELS: Record<CrmKind, string> = {
  retention: "Retenciones",
  absence: "Inasistencias",
  booking: "Reservas",
};
const LIST_PATHS = { retention: "retentions", absence: "absences", booking: "bookings" } as const;

/** The same rows and filters for each kind, from one procedure per list. */
const LIST_PROCEDURES = {
  retention: trpc.crm.retentions,
  absence: trpc.crm.absences,
  booking: trpc.crm.bookings,
} as const;

export function ManagementsPage({ kind, onlyId }: { kind: CrmKind; onlyId: number | null }) {
  const narrow = useIsNarrow();
  const can = useCan();
  const terms = useTerms();
  const [filter, setFilter] = useManagementFilter(kind);
  const [search, setSearch] = useSearchText();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // The sort, the date range of this visit and the open dialogs live in the URL: Back and a reload keep them. The
  // range picked is also remembered on the device, for the next visit.
  const params = useSearch({ from: "/main/crm/$" });
  const setParams = useSetParams();
  const input = managementsInput(kind, filter, params, onlyId, useLocationFilter());
  const { sort, sort_direction, date_range: dateRange } = input.list;
  const setSort = (next: ListSort) => setParams(next);
  const [opened, openManagement, closeManagement] = useDialogParam("management");
  const [client, openClientDialog, closeClient] = useDialogParam("client");

  const allColumns = useMemo(() => managementColumns(kind, terms.client), [kind, terms.client.one]);
  const columns = allColumns.filter((c) => filter.columns.includes(c.key));
  const list = LIST_PROCEDURES[kind].useInfiniteQuery(input.list, { getNextPageParam: nextCursor });
  const kpis = trpc.crm.kpis.useQuery(input.kpis, { enabled: kind !== "booking" });
  const label = LIST_LABELS[kind];
  const rows = useInfiniteRows(list, (page) => page.items, `la lista de ${label.toLowerCase()}`);
  const utils = trpc.useUtils();
  // Someone changed a management (here, in another browser or on another server): the rows and the numbers follow.
  trpc.crm.onChanged.useSubscription(
    {},
    {
      onData: () => {
        void utils.crm.kpis.invalidate();
        // The list's procedure bears its path's name.
        void utils.crm[LIST_PATHS[kind]].invalidate();
      },
    },
  );

  const toggleRow = (rowId: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(rowId)) next.add(rowId);
      return next;
    });
  const openClient = can("read", "client") ? openClientDialog : null;

  return (
    <div className="list-page crm-list">
      <div className="list-page-bar crm-list-bar">
        <SearchBar value={search} onSearch={setSearch} />
        <DateRangeSelect
          value={dateRange}
          onChange={(date_range) => {
            setFilter({ ...filter, date_range });
            setParams({ range: date_range });
          }}
        />
        {!narrow && (
          <ColumnChooser
            columns={allColumns}
            value={filter.columns}
            onChange={(keys) => setFilter({ ...filter, columns: keys })}
          />
        )}
      </div>
      {onlyId !== null && (
        <p className="crm-only-one">
          Mostrando una gestión.{" "}
          <Link to="/main/crm/$" params={{ _splat: LIST_PATHS[kind] }}>
            Ver todas
          </Link>
        </p>
      )}
      {!narrow && kind !== "booking" && (
        <KpiStrip
          kind={kind}
          kpis={kpis.data}
          loading={kpis.isFetching}
          selected={filter.status}
          onToggle={(category) => setFilter({ ...filter, status: toggleCategory(kind, filter.status, category) })}
        />
      )}
      <VirtualList
        key={narrow ? "cards" : "table"}
        label={label}
        {...rows}
        getKey={(row) => row.id}
        estimateSize={narrow ? 120 : 49}
        header={
          narrow ? undefined : <ManagementHeader columns={columns} sort={{ sort, sort_direction }} onSort={setSort} />
        }
        columns={columnTracks(columns)}
        minWidth={tableMinWidth(columns)}
        renderItem={(row) =>
          narrow ? (
            <ManagementCard
              kind={kind}
              row={row}
              allColumns={allColumns}
              expanded={expanded.has(row.id)}
              onToggle={() => toggleRow(row.id)}
              onOpen={openManagement}
              onOpenClient={openClient}
            />
          ) : (
            <ManagementRowCells
              kind={kind}
              row={row}
              allColumns={allColumns}
              columns={columns}
              expanded={expanded.has(row.id)}
              onToggle={() => toggleRow(row.id)}
              onOpen={openManagement}
              onOpenClient={openClient}
            />
          )
        }
        loadingText="Cargando ..."
        emptyText={`No se han encontrado ${label.toLowerCase()}`}
      />
      {opened !== undefined && (
        <ManagementDialog crmId={opened} open onOpenChange={(open) => !open && closeManagement()} />
      )}
      {client !== undefined && <ClientDialog clientId={client} open onOpenChange={(open) => !open && closeClient()} />}
    </div>
  );
}
