/**
 * The clients list (/main/crm/clients, seed 001 'Client list'): the rating filter (0 to 5, each with its count and
 * share under the search), a search box (300 ms), and a table with page sizes 10/25/50/100 sorted by default by
 * correlative_id desc; under 800 px cards that load 20 more at a time as the user scrolls. Names open the client.
 * Rows follow clients edited elsewhere (`client.changed`).
 */
import type { RouterOutputs } from "@taller/api";
import {
  agree,
  CLIENT_MOBILE_PAGE_SIZE,
  CLIENT_PAGE_SIZES,
  CLIENT_RATINGS,
  CLIENT_SEARCH_DEBOUNCE_MS,
  formatDateTime,
  formatNumber,
  noClientsText,
  titleCase,
} from "@taller/core";
import { Link, useSearch } from "@tanstack/react-router";
import { ChevronLeft, ChevronRight, Plus, Star } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useRefreshOn } from "../../lib/company-events";
import { useTerms } from "../../lib/company-setup";
import { useCan } from "../../lib/permissions";
import { QueryFailed } from "../../lib/load-state";
import { useIsNarrow } from "../../lib/media";
import { useSearchText, useSetParams } from "../../lib/url-search";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { IconButton } from "../../ui/icon-button";
import { ScrollTable } from "../../ui/scroll-table";
import { SearchBar } from "../../ui/search-bar";
import { Select } from "../../ui/select";
import { Spinner } from "../../ui/spinner";
import { VirtualList } from "../../ui/virtual-list";
import { lazyPart, usePreload } from "../../lib/lazy-part";
import { type ClientRating, ratingsParam, urlRatings } from "./crm-rules";
import { clientsInput, DEFAULT_CLIENTS_PAGE_SIZE } from "./list-input";
import "./crm.css";

// The dialog's form brings react-hook-form and zod: it loads after the list has painted, for those who may create.
const ClientCreateDialog = lazyPart(() => import("./client-dialogs").then((m) => m.ClientCreateDialog));

type ClientsAnswer = RouterOutputs["crm"]["clients"];
type ClientRow = ClientsAnswer["items"][number];
type PageSize = (typeof CLIENT_PAGE_SIZES)[number];
type Rating = ClientRating;

/** The rating filter: one toggle per rating with its count and share (under the search, whatever is toggled). */
function RatingFilter({
  counts,
  selected,
  onChange,
}: {
  counts: ClientsAnswer["rating_counts"] | undefined;
  selected: readonly Rating[];
  onChange(ratings: Rating[]): void;
}) {
  return (
    <div className="crm-ratings" role="group" aria-label="Filtrar por calificación">
      {CLIENT_RATINGS.map((rating) => {
        const share = counts?.find((c) => c.rating === rating);
        const on = selected.includes(rating);
        return (
          <button
            key={rating}
            type="button"
            className="crm-rating"
            aria-pressed={on}
            aria-label={
              share ? `${rating} estrellas: ${formatNumber(share.count)} (${share.percent}%)` : `${rating} estrellas`
            }
            onClick={() => onChange(CLIENT_RATINGS.filter((r) => (r === rating ? !on : selected.includes(r))))}
          >
            <span className="crm-rating-stars" aria-hidden>
              {rating}
              <Star size={14} />
            </span>
            <span aria-hidden>
              {share ? formatNumber(share.count) : "–"} <span className="muted">({share?.percent ?? 0}%)</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}

function Stars({ value }: { value: number }) {
  return (
    <span className="crm-stars" role="img" aria-label={`${value} de 5`}>
      {CLIENT_RATINGS.slice(1).map((r) => (
        <Star key={r} size={14} aria-hidden fill={r <= value ? "currentColor" : "none"} />
      ))}
    </span>
  );
}

const lastVisit = (c: ClientRow) => (c.last_order_date ? formatDateTime(c.last_order_date) : "-");
const clientLink = (c: ClientRow) => ({ to: "/main/crm/$" as const, params: { _splat: `clients/${c.id}` } });
const clientsWhat = (many: string) => `la lista de ${many.toLowerCase()}`;

function ClientsTable({
  search,
  ratings,
  onCounts,
}: {
  search: string;
  ratings: Rating[];
  onCounts(answer: ClientsAnswer | undefined): ReactNode;
}) {
  const terms = useTerms();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_CLIENTS_PAGE_SIZE);
  const query = trpc.crm.clients.useQuery(clientsInput(search, ratings, page, pageSize), {
    placeholderData: (previous) => previous,
  });
  const total = query.data?.total ?? 0;
  const pages = query.data?.total_pages ?? 1;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <>
      {onCounts(query.data)}
      <div className="crm-clients-table">
        <ScrollTable aria-label={terms.client.many} aria-busy={query.isFetching || undefined}>
          <thead>
            <tr>
              <th scope="col">Identificador</th>
              <th scope="col">Nombre</th>
              <th scope="col">Correo</th>
              <th scope="col">Teléfono</th>
              <th scope="col">Última visita</th>
              <th scope="col">Calificación</th>
            </tr>
          </thead>
          <tbody>
            {(query.isError ? [] : (query.data?.items ?? [])).map((c) => (
              <tr key={c.id}>
                <td>{c.rut ?? "-"}</td>
                <td>
                  <Link {...clientLink(c)}>{titleCase(c.name)}</Link>
                </td>
                <td>{c.email ?? "-"}</td>
                <td>{c.phone ?? "-"}</td>
                <td>{lastVisit(c)}</td>
                <td>
                  <Stars value={c.rating} />
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
        {query.isError ? (
          <QueryFailed query={query} what={clientsWhat(terms.client.many)} inline />
        ) : query.isPending ? (
          <Spinner size={24} label="Cargando" />
        ) : (
          total === 0 && <p className="crm-empty">{noClientsText(terms.client.many)}</p>
        )}
        <div className="crm-pager">
          <Select
            label="Filas por página"
            value={String(pageSize)}
            onValueChange={(v) => {
              setPageSize(Number(v) as PageSize);
              setPage(1);
            }}
            options={CLIENT_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
          />
          <span role="status">{`${formatNumber(first)}–${formatNumber(last)} de ${formatNumber(total)}`}</span>
          <IconButton label="Página anterior" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <ChevronLeft size={20} />
          </IconButton>
          <IconButton label="Página siguiente" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            <ChevronRight size={20} />
          </IconButton>
        </div>
      </div>
    </>
  );
}

/** Phones: cards, 20 more each time the user nears the end (page after page of the same procedure). */
function ClientCards({
  search,
  ratings,
  onCounts,
}: {
  search: string;
  ratings: Rating[];
  onCounts(answer: ClientsAnswer | undefined): ReactNode;
}) {
  const terms = useTerms();
  const [loaded, setLoaded] = useState(1);
  const pages = trpc.useQueries((t) =>
    Array.from({ length: loaded }, (_, i) =>
      t.crm.clients(clientsInput(search, ratings, i + 1, CLIENT_MOBILE_PAGE_SIZE)),
    ),
  );
  const items = pages.flatMap((p) => p.data?.items ?? []);
  const first = pages[0]?.data;
  const lastPage = pages.at(-1);
  const failedPage = pages.find((p) => p.isError);
  const failed = failedPage !== undefined;
  return (
    <>
      {onCounts(first)}
      <VirtualList
        label={terms.client.many}
        items={items}
        total={first?.total}
        hasMore={!failed && !!lastPage?.data && loaded < lastPage.data.total_pages}
        loading={pages.some((p) => p.isPending && !p.isError)}
        onLoadMore={() => setLoaded((n) => n + 1)}
        getKey={(c) => c.id}
        estimateSize={104}
        renderItem={(c) => (
          <Link {...clientLink(c)} className="list-card">
            <span className="list-card-main">
              <span className="list-card-title">
                <span>{titleCase(c.name)}</span>
                <Stars value={c.rating} />
              </span>
              <span className="muted">{[c.rut, c.phone].filter(Boolean).join(" · ") || "-"}</span>
              <span className="muted">{c.email ?? "-"}</span>
              <span className="muted">Última visita: {lastVisit(c)}</span>
            </span>
          </Link>
        )}
        loadingText="Cargando ..."
        emptyText={noClientsText(terms.client.many)}
        failed={failedPage && <QueryFailed query={failedPage} what={clientsWhat(terms.client.many)} inline />}
      />
    </>
  );
}

export function ClientsPage() {
  const narrow = useIsNarrow();
  const [search, setSearch] = useSearchText();
  // The rating filter lives in the URL (?rating=): Back and a reload keep it.
  const ratings = urlRatings(useSearch({ from: "/main/crm/$" }).rating);
  const setParams = useSetParams();
  const setRatings = (next: Rating[]) => setParams({ rating: ratingsParam(next) });
  const utils = trpc.useUtils();
  // A client edited elsewhere, or a check-in (their last visit): every loaded page refetches.
  useRefreshOn(["client.changed", "booking.changed"], () => utils.crm.clients.invalidate());
  const List = narrow ? ClientCards : ClientsTable;
  const can = useCan();
  const terms = useTerms();
  const [creating, setCreating] = useState(false);
  usePreload(can("create", "client") && ClientCreateDialog);
  return (
    <div className="list-page crm-list">
      <div className="list-page-bar">
        <SearchBar value={search} onSearch={setSearch} delay={CLIENT_SEARCH_DEBOUNCE_MS} />
        {can("create", "client") && (
          <Button icon={<Plus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {agree(terms.client, "Nuevo", "Nueva")}
          </Button>
        )}
      </div>
      {creating && <ClientCreateDialog open onOpenChange={setCreating} />}
      {/* A new search or rating filter starts again from the first page. */}
      <List
        key={`${narrow}|${search}|${ratings.join()}`}
        search={search}
        ratings={ratings}
        onCounts={(answer) => <RatingFilter counts={answer?.rating_counts} selected={ratings} onChange={setRatings} />}
      />
    </div>
  );
}
