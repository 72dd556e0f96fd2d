/**
 * The clients list (/main/crm/clients, seed 001 'Client list'): the rating filter (0 to 5, each with its count and
 * share), a search box (300 ms), and a table with page sizes 10/25/50/100 sorted by default by correlative_id desc;
 * under 800 px cards that load 20 more at a time. Rows open the client's page.
 */
import { formatDay, formatNumber, titleCase } from "@taller/core";
import { Link } from "@tanstack/react-router";
import { ChevronLeft, ChevronRight, Star } from "lucide-react";
import { useState } from "react";
import { useCompanySetup } from "../../lib/company-setup";
import { nextCursor, useInfiniteRows } from "../../lib/infinite-rows";
import { useIsNarrow } from "../../lib/media";
import { trpc } from "../../lib/trpc";
import { IconButton } from "../../ui/icon-button";
import { SearchBar } from "../../ui/search-bar";
import { Select } from "../../ui/select";
import { Spinner } from "../../ui/spinner";
import { VirtualList } from "../../ui/virtual-list";
import { CLIENT_MOBILE_PAGE, CLIENT_PAGE_SIZES, CLIENT_SEARCH_DEBOUNCE_MS, RATINGS, ratingShares } from "./crm-rules";
import type { ClientRow } from "./types";
import "./crm.css";

type PageSize = (typeof CLIENT_PAGE_SIZES)[number];

/** The rating filter: one toggle per rating with its count and share of all clients. */
function RatingFilter({ selected, onChange }: { selected: readonly number[]; onChange(ratings: number[]): void }) {
  const counts = trpc.crm.clientRatingCounts.useQuery();
  const shares = ratingShares(counts.data ?? []);
  return (
    <div className="crm-ratings" role="group" aria-label="Filtrar por calificación">
      {shares.map((s) => (
        <button
          key={s.rating}
          type="button"
          className="crm-rating"
          aria-pressed={selected.includes(s.rating)}
          aria-label={`${s.rating} estrellas: ${formatNumber(s.count)} (${s.percent}%)`}
          onClick={() => onChange(RATINGS.filter((r) => (r === s.rating ? !selected.includes(r) : selected.includes(r))))}
        >
          <span className="crm-rating-stars" aria-hidden>
            {s.rating}
            <Star size={14} />
          </span>
          <span aria-hidden>
            {counts.data ? formatNumber(s.count) : "–"} <span className="muted">({s.percent}%)</span>
          </span>
        </button>
      ))}
      {counts.isFetching && <Spinner size={18} />}
    </div>
  );
}

function Rating({ value }: { value: number }) {
  return (
    <span className="crm-stars" role="img" aria-label={`${value} de 5`}>
      {RATINGS.slice(1).map((r) => (
        <Star key={r} size={14} aria-hidden fill={r <= value ? "currentColor" : "none"} />
      ))}
    </span>
  );
}

const clientLink = (c: ClientRow) => ({ to: "/main/crm/clients/$id" as const, params: { id: String(c.id) } });

function ClientsTable({ search, ratings }: { search: string; ratings: number[] }) {
  const { terms } = useCompanySetup().company.preferences;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(10);
  const query = trpc.crm.clients.useQuery(
    { search: search || null, ratings, page, page_size: pageSize, sort: "correlative_id", sort_direction: "desc" },
    { placeholderData: (previous) => previous },
  );
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <div className="crm-clients-table">
      <table aria-label={terms.client.plural} aria-busy={query.isFetching || undefined}>
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
          {(query.data?.items ?? []).map((c) => (
            <tr key={c.id}>
              <td>{c.rut ?? "-"}</td>
              <td>
                <Link {...clientLink(c)}>{titleCase(c.name)}</Link>
              </td>
              <td>{c.email ?? "-"}</td>
              <td>{c.phone ?? "-"}</td>
              <td>{c.last_order_date ? formatDay(c.last_order_date) : "-"}</td>
              <td>
                <Rating value={c.rating} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {query.isPending && <Spinner size={24} label="Cargando" />}
      {query.data && total === 0 && <p className="crm-empty">{`No se han encontrado ${terms.client.plural}`}</p>}
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
  );
}

function ClientCards({ search, ratings }: { search: string; ratings: number[] }) {
  const { terms } = useCompanySetup().company.preferences;
  const query = trpc.crm.clientsFeed.useInfiniteQuery(
    { search: search || null, ratings, page_size: CLIENT_MOBILE_PAGE },
    { getNextPageParam: nextCursor },
  );
  const rows = useInfiniteRows(query, (page) => page.items);
  return (
    <VirtualList
      label={terms.client.plural}
      {...rows}
      getKey={(c) => c.id}
      estimateSize={96}
      renderItem={(c) => (
        <Link {...clientLink(c)} className="list-card">
          <span className="list-card-main">
            <span className="list-card-title">
              <span>{titleCase(c.name)}</span>
              <Rating value={c.rating} />
            </span>
            <span className="muted">{[c.rut, c.phone].filter(Boolean).join(" · ") || "-"}</span>
            <span className="muted">{c.email ?? "-"}</span>
            <span className="muted">Última visita: {c.last_order_date ? formatDay(c.last_order_date) : "-"}</span>
          </span>
        </Link>
      )}
      loadingText="Cargando ..."
      emptyText={`No se han encontrado ${terms.client.plural}`}
    />
  );
}

export function ClientsPage() {
  const narrow = useIsNarrow();
  const [search, setSearch] = useState("");
  const [ratings, setRatings] = useState<number[]>([...RATINGS]);
  return (
    <div className="list-page crm-list">
      <div className="list-page-bar">
        <SearchBar value={search} onSearch={setSearch} delay={CLIENT_SEARCH_DEBOUNCE_MS} />
      </div>
      <RatingFilter selected={ratings} onChange={setRatings} />
      {narrow ? <ClientCards search={search} ratings={ratings} /> : <ClientsTable key={`${search}|${ratings.join()}`} search={search} ratings={ratings} />}
    </div>
  );
}
