/**
 * The budgets list (/main/budgets): the spec names the route (open to any logged-in user) but does not show it, so
 * it is small: a search, the budget statuses as toggles with their counts (remembered as `budgets_filter`), and a
 * virtualized list of budgets, newest first, each linking to its page.
 */
import type { RouterOutputs } from "@taller/api";
import { BUDGET_TEXTS, formatDate, formatMoney } from "@taller/core";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { errorCode } from "../../lib/api";
import { useRefreshOn } from "../../lib/company-events";
import { useTerms } from "../../lib/company-setup";
import { nextCursor, useInfiniteRows } from "../../lib/infinite-rows";
import { toggleId, useIdFilter } from "../../lib/list-filter";
import { useIsNarrow } from "../../lib/media";
import { useSearchText } from "../../lib/url-search";
import { trpc } from "../../lib/trpc";
import { FilterDialog } from "../../ui/filter-dialog";
import { ListPage, ListTotal } from "../../ui/list-page";
import { StatusBoxes, StatusDot } from "../../ui/status";
import { VirtualList } from "../../ui/virtual-list";
import { budgetsListInput, filterStore } from "./list-input";
import "./budgets.css";
import { orderNumberText } from "@taller/core";

type BudgetItem = RouterOutputs["budgets"]["list"]["budgets"][number];

// The order column is wide enough for the default term, "Orden de Trabajo", whole.
const COLUMNS = "90px minmax(120px, 1fr) 140px minmax(140px, 1.4fr) 110px 120px 110px";

function Header() {
  const terms = useTerms();
  return (
    <>
      <div role="columnheader">Número</div>
      <div role="columnheader">Estado</div>
      <div role="columnheader">{terms.order.one}</div>
      <div role="columnheader">{terms.client.one}</div>
      <div role="columnheader">Identificador</div>
      <div role="columnheader">Total</div>
      <div role="columnheader">Creado</div>
    </>
  );
}

function Row({ budget }: { budget: BudgetItem }) {
  return (
    <>
      <div role="cell">
        <Link to="/main/budgets/$id" params={{ id: String(budget.id) }} className="budget-number">
          #{budget.correlative_id}
        </Link>
      </div>
      <div role="cell" className="budget-status">
        <StatusDot color={budget.status.color} label={budget.status.name} />
        {budget.status.name}
      </div>
      <div role="cell">#{budget.order_correlative_id}</div>
      <div role="cell">{budget.client_name ?? "-"}</div>
      <div role="cell">{budget.identifier ?? "-"}</div>
      <div role="cell" className="budget-money">
        {formatMoney(budget.total)}
      </div>
      <div role="cell" className="muted">
        {formatDate(budget.created_at)}
      </div>
    </>
  );
}

function Card({ budget }: { budget: BudgetItem }) {
  const terms = useTerms();
  return (
    <Link to="/main/budgets/$id" params={{ id: String(budget.id) }} className="list-card budget-card">
      <span className="list-card-main">
        <span className="list-card-title">
          <span>#{budget.correlative_id}</span>
          <span className="budget-money">{formatMoney(budget.total)}</span>
        </span>
        <span className="budget-status">
          <StatusDot color={budget.status.color} label={budget.status.name} />
          {budget.status.name}
        </span>
        <span className="muted">
          {orderNumberText(terms.order, budget.order_correlative_id)} · {budget.client_name ?? "-"} ·{" "}
          {budget.identifier ?? "-"} · {formatDate(budget.created_at)}
        </span>
      </span>
    </Link>
  );
}

export function BudgetsPage() {
  const narrow = useIsNarrow();
  const [search, setSearch] = useSearchText();
  const [filterOpen, setFilterOpen] = useState(false);
  const statuses = trpc.budgets.statuses.useQuery();
  const [stored, storeIds] = useIdFilter(filterStore, null);
  const all = statuses.data?.statuses ?? [];
  // Nothing remembered: every status.
  const selected = stored ?? all.map((s) => s.id);
  const list = trpc.budgets.list.useInfiniteQuery(budgetsListInput(stored, search), { getNextPageParam: nextCursor });
  const byStatus = list.data?.pages[0]?.by_status;
  const utils = trpc.useUtils();
  // A budget created, edited or moved to another status by someone else.
  useRefreshOn(["budget.changed"], () => utils.budgets.list.invalidate());
  const { cappedTotal, ...rows } = useInfiniteRows(list, (page) => page.budgets, "los presupuestos");
  if (list.isError && errorCode(list.error) === "FORBIDDEN") {
    return (
      <div className="status-page">
        <h1>No tienes acceso a esta información.</h1>
      </div>
    );
  }
  const boxes = all.map((s) => ({
    id: s.id,
    name: s.name,
    color: s.color,
    count: byStatus ? (byStatus.find((b) => b.status_id === s.id)?.count ?? 0) : undefined,
  }));
  return (
    <ListPage
      search={search}
      onSearch={setSearch}
      onOpenFilter={() => setFilterOpen(true)}
      boxes={
        <>
          <StatusBoxes
            label="Estados de Presupuesto"
            boxes={boxes}
            selected={selected}
            onToggle={(id) => storeIds(toggleId(selected, id))}
          />
          <ListTotal capped={cappedTotal} />
        </>
      }
    >
      <VirtualList
        key={narrow ? "cards" : "table"}
        label={BUDGET_TEXTS.title}
        {...rows}
        getKey={(b) => b.id}
        estimateSize={narrow ? 96 : 49}
        header={narrow ? undefined : <Header />}
        columns={COLUMNS}
        minWidth="830px"
        renderItem={(b) => (narrow ? <Card budget={b} /> : <Row budget={b} />)}
        loadingText={BUDGET_TEXTS.loading}
        emptyText={BUDGET_TEXTS.empty}
      />
      <FilterDialog
        open={filterOpen}
        onOpenChange={setFilterOpen}
        groups={[{ key: "status", title: "Estados de Presupuesto", options: all }]}
        value={{ status: selected }}
        onApply={(v) => storeIds(v.status)}
      />
    </ListPage>
  );
}
