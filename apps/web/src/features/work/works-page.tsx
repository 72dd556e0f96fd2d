/**
 * /main/work: the user's works (seed 002 section 2.1 menu link; the spec does not show the screen). Pending ones
 * first ('Pendientes': assigned and not completed, latest first, the first being the current work), or all of
 * them, 50 at a time.
 */
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { QueryFailed } from "../../lib/load-state";
import { useTerms } from "../../lib/company-setup";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Spinner } from "../../ui/spinner";
import { useWorkMoves, useWorksLive } from "./use-work-moves";
import { worksListInput, type WorksTab } from "./list-input";
import { WorkCard } from "./work-card";

export function WorksPage() {
  const me = trpc.auth.me.useQuery();
  const terms = useTerms();
  const [tab, setTab] = useState<WorksTab>("open");
  const works = trpc.workpoint.list.useInfiniteQuery(worksListInput(me.data?.id, tab), {
    enabled: me.data !== undefined,
    getNextPageParam: (page) => page.next,
  });
  const moves = useWorkMoves();
  useWorksLive();
  const navigate = useNavigate();
  const items = works.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="work-page">
      <div className="work-page-toolbar">
        <h1 className="visually-hidden">Mis trabajos</h1>
        <div className="work-tabs" role="group" aria-label="Mostrar">
          <Button variant="text" aria-pressed={tab === "open"} onClick={() => setTab("open")}>
            Pendientes
          </Button>
          <Button variant="text" aria-pressed={tab === "all"} onClick={() => setTab("all")}>
            Todos
          </Button>
        </div>
      </div>
      {works.isPending ? (
        <Spinner label="Cargando trabajos…" />
      ) : works.isError ? (
        <QueryFailed query={works} what="los trabajos" />
      ) : items.length === 0 ? (
        <p className="work-empty">{tab === "open" ? "No tienes trabajos pendientes." : "No tienes trabajos."}</p>
      ) : (
        <ul className="stack-list work-list" aria-label="Trabajos">
          {items.map((work) => (
            <li key={work.id}>
              <WorkCard
                work={work}
                terms={terms}
                showUser={false}
                pending={moves.pendingId === work.id}
                onStart={() => moves.start(work.id)}
                onComplete={() => moves.complete(work.id)}
              />
              <Button
                variant="text"
                onClick={() => void navigate({ to: "/main/work/$id", params: { id: String(work.id) } })}
              >
                Ver detalle
              </Button>
            </li>
          ))}
        </ul>
      )}
      {works.hasNextPage && (
        <Button variant="secondary" loading={works.isFetchingNextPage} onClick={() => void works.fetchNextPage()}>
          Cargar más
        </Button>
      )}
    </div>
  );
}
