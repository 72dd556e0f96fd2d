/**
 * The orders list (/main/orders, seed 002 section 2.4): search, status boxes and the filter dialog over a
 * virtualized table (cards under 800 px) that loads pages as the user scrolls, plus the spreadsheet export.
 */
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { useRefreshOn } from "../../lib/company-events";
import { lowerTerm, orderShort, ordersShort } from "@taller/core";
import { useTerms } from "../../lib/company-setup";
import { nextCursor, useInfiniteRows } from "../../lib/infinite-rows";
import { QueryFailed } from "../../lib/load-state";
import { toggleId, useIdFilter } from "../../lib/list-filter";
import { useLocationFilter } from "../../lib/locations";
import { useIsNarrow } from "../../lib/media";
import { useSearchText, useSetParams } from "../../lib/url-search";
import { trpc } from "../../lib/trpc";
import { FilterDialog } from "../../ui/filter-dialog";
import { ListPage, ListTotal } from "../../ui/list-page";
import { useSnackbar } from "../../ui/snackbar";
import { StatusBoxes } from "../../ui/status";
import { VirtualList } from "../../ui/virtual-list";
import { budgetFilterStore, ordersFilters, statusFilterStore } from "./list-input";
import { defaultOrderFilters, receptionParam, receptionSort, type SortState } from "./list-rules";
import { OrderCard, OrderHeader, OrderRow, ORDER_COLUMNS, ORDER_MARK_WIDTH, ORDER_TABLE_MIN_WIDTH } from "./order-rows";
import { OrdersExport } from "./orders-export";
import "./orders.css";

export function OrdersPage() {
  const terms = useTerms();
  // The spec's 'Estados de Orden', or the company's own word ('Estados de Reparación').
  const statusesLabel = `Estados de ${orderShort(terms.order)}`;
  const narrow = useIsNarrow();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const statuses = trpc.orders.statuses.useQuery(); // once per session (lib/trpc.tsx)
  const defaults = useMemo(() => (statuses.data ? defaultOrderFilters(statuses.data) : null), [statuses.data]);
  const [statusIds, setStatusIds] = useIdFilter(statusFilterStore, defaults?.status ?? null);
  const [budgetIds, setBudgetIds] = useIdFilter(budgetFilterStore, defaults?.budget ?? null);
  const [search, setSearch] = useSearchText();
  // The sort lives in the URL (?reception=): Back to the list and a reload keep it.
  const sort = receptionSort(useSearch({ from: "/main/orders" }).reception);
  const setParams = useSetParams();
  const setSort = (next: SortState) => setParams({ reception: receptionParam(next) });
  const [filterOpen, setFilterOpen] = useState(false);

  const ready = statusIds !== null && budgetIds !== null;
  const filters = ordersFilters(statusIds ?? [], budgetIds ?? [], search, useLocationFilter());
  const input = { ...filters, ...sort.query };
  const list = trpc.orders.list.useInfiniteQuery(input, { getNextPageParam: nextCursor, enabled: ready });
  // The first page counts once for the list and the status boxes.
  const totals = list.data?.pages[0]?.totals;
  const { cappedTotal, ...rows } = useInfiniteRows(list, (page) => page.orders, `la lista de ${terms.order.manyLower}`);
  const failed = list.isError || statuses.isError;
  const utils = trpc.useUtils();
  // A check-in elsewhere opens an order; a budget's status shows in its order's row.
  useRefreshOn(["booking.changed", "budget.changed", "order.changed"], () => utils.orders.list.invalidate());

  useEffect(() => {
    if (failed)
      snackbar.show(`Error al cargar las ${lowerTerm(ordersShort(terms.order))}`, {
        tone: "error",
        duration: 3000,
        closeLabel: "Cerrar",
      });
  }, [failed, list.errorUpdatedAt, snackbar]);

  const budgetStatuses = useMemo(() => new Map(statuses.data?.budget_statuses.map((s) => [s.id, s])), [statuses.data]);

  return (
    <ListPage
      search={search}
      onSearch={setSearch}
      onOpenFilter={() => setFilterOpen(true)}
      actions={<OrdersExport filters={filters} />}
      boxes={
        <>
          {!narrow && statuses.data && (
            <StatusBoxes
              label={statusesLabel}
              boxes={statuses.data.order_statuses.map((s) => ({
                ...s,
                // Past the count's cap the per-status numbers are a sample: none is shown.
                count: totals && !totals.capped ? totals.by_status.find((t) => t.status_id === s.id)?.count : undefined,
              }))}
              selected={filters.status_id}
              onToggle={(id) => setStatusIds(toggleId(filters.status_id, id))}
            />
          )}
          <ListTotal capped={cappedTotal} />
        </>
      }
    >
      <VirtualList
        key={narrow ? "cards" : "table"}
        label={terms.order.many}
        {...rows}
        loading={rows.loading && !failed}
        failed={
          rows.failed ??
          (statuses.isError && <QueryFailed query={statuses} what={`los ${statusesLabel.toLowerCase()}`} inline />)
        }
        getKey={(o) => o.id}
        estimateSize={narrow ? 104 : 49}
        header={narrow ? undefined : <OrderHeader sort={sort} onSort={setSort} />}
        columns={ORDER_COLUMNS}
        minWidth={ORDER_TABLE_MIN_WIDTH}
        markColumn={ORDER_MARK_WIDTH}
        // Cards are links themselves; a table row opens the order from anywhere but its own links.
        onItemClick={
          narrow ? undefined : (o) => void navigate({ to: "/main/orders/$id", params: { id: String(o.id) } })
        }
        renderItem={(o) =>
          narrow ? (
            <OrderCard order={o} />
          ) : (
            <OrderRow order={o} budgetStatus={budgetStatuses.get(o.last_budget_status_id ?? 0)} />
          )
        }
        loadingText="Cargando"
        emptyText={`No se han encontrado ${terms.order.many}`}
      />
      {statuses.data && (
        <FilterDialog
          open={filterOpen}
          onOpenChange={setFilterOpen}
          groups={[
            { key: "status", title: statusesLabel, options: statuses.data.order_statuses },
            { key: "budget", title: "Estados de Presupuesto", options: statuses.data.budget_statuses },
          ]}
          value={{ status: filters.status_id, budget: filters.budget_status_id }}
          onApply={(v) => {
            setStatusIds(v.status);
            setBudgetIds(v.budget);
          }}
        />
      )}
    </ListPage>
  );
}
