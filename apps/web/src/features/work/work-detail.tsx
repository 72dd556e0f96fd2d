/**
 * /main/work/{id}: one work, opened from a chat bubble or a worker card (seed 002 section 2.1): start or complete it.
 */
import { formatDateTime, isRecordId } from "@taller/core";
import { useParams } from "@tanstack/react-router";
import { errorCode } from "../../lib/api";
import { QueryFailed } from "../../lib/load-state";
import { useTerms } from "../../lib/company-setup";
import { trpc } from "../../lib/trpc";
import { Spinner } from "../../ui/spinner";
import { useWorkMoves, useWorksLive } from "./use-work-moves";
import { WorkCard } from "./work-card";

export function WorkDetailPage() {
  const { id } = useParams({ from: "/main/work/$id" });
  const workId = Number(id);
  const valid = isRecordId(workId);
  const work = trpc.workpoint.get.useQuery({ id: workId }, { enabled: valid });
  const terms = useTerms();
  const moves = useWorkMoves();
  useWorksLive();

  if (!valid || (work.isError && errorCode(work.error) === "NOT_FOUND")) {
    return (
      <div className="work-page">
        <p role="alert">Trabajo no encontrado.</p>
      </div>
    );
  }
  if (work.isError) return <QueryFailed query={work} what="el trabajo" />;
  if (!work.data) return <Spinner label="Cargando trabajo…" />;
  const w = work.data;
  return (
    <div className="work-page">
      <h1 className="visually-hidden">{w.work.name}</h1>
      <WorkCard
        work={w}
        terms={terms}
        pending={moves.pendingId === w.id}
        onStart={w.can_update ? () => moves.start(w.id) : undefined}
        onComplete={w.can_update ? () => moves.complete(w.id) : undefined}
      />
      <dl className="work-dates">
        <dt>Solicitado</dt>
        <dd>{formatDateTime(w.created_at)}</dd>
        <dt>Iniciado</dt>
        <dd>{w.started_at ? formatDateTime(w.started_at) : "—"}</dd>
        <dt>Terminado</dt>
        <dd>{w.completed_at ? formatDateTime(w.completed_at) : "—"}</dd>
      </dl>
    </div>
  );
}
