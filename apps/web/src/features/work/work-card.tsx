/**
 * One work instance as a card: the work's name, its document, who does it, its state and elapsed time, and the
 * start / complete buttons when `onStart`/`onComplete` are given. Shared by /main/work, the current-work panel and
 * the kiosk, which call different procedures for the same moves.
 */
import {
  agree,
  elapsedText,
  orderShort,
  type TermKey,
  type TermWords,
  TheTerm,
  WORK_STATE_LABELS,
  workState,
  type WorkDocumentType,
} from "@taller/core";
import { CheckCircle2, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../ui/button";
import { StatusBadge } from "../../ui/status";
import "./work.css";

export interface WorkView {
  id: number;
  user: { id: number; name: string };
  work: { name: string };
  document_type: WorkDocumentType;
  document_id: number;
  correlative_id: number | null;
  /** The order's status now (Order documents): the card follows the order moved, finished or cancelled elsewhere. */
  order_status: { name: string; color: string; finish: boolean; cancel: boolean } | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}

/** The company's words for what the kiosk and the works screens show of a work. */
export type WorkTerms = Pick<Record<TermKey, TermWords>, "order" | "crm">;

/** 'Orden #123' (the order's correlative) or 'Reserva 45' (the document's id), in the company's words. */
export function documentLabel(
  work: Pick<WorkView, "document_type" | "document_id" | "correlative_id">,
  terms: WorkTerms,
): string {
  const names: Record<WorkDocumentType, string> = {
    Order: orderShort(terms.order),
    Budget: "Presupuesto",
    Crm: terms.crm.one,
    Booking: "Reserva",
  };
  const name = names[work.document_type];
  return work.correlative_id !== null ? `${name} #${work.correlative_id}` : `${name} ${work.document_id}`;
}

/** The current time, ticking every minute (elapsed times are shown in minutes). */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function WorkCard({
  work,
  onStart,
  onComplete,
  pending = false,
  showUser = true,
  terms,
}: {
  work: WorkView;
  terms: WorkTerms;
  onStart?: () => void;
  onComplete?: () => void;
  pending?: boolean;
  showUser?: boolean;
}) {
  const now = useMinuteClock();
  const state = workState(work);
  const since = state === "pending" ? work.created_at : state === "started" ? work.started_at : null;
  return (
    <article className={`work-card work-${state}`} aria-label={`${work.work.name}, ${documentLabel(work, terms)}`}>
      <div className="work-card-head">
        <h3 className="work-card-name">{work.work.name}</h3>
        <span className="work-state">{WORK_STATE_LABELS[state]}</span>
      </div>
      <p className="work-card-meta">
        {documentLabel(work, terms)}
        {showUser && <> · {work.user.name}</>}
        {work.order_status && (
          <>
            {" "}
            <StatusBadge color={work.order_status.color} name={work.order_status.name} />
          </>
        )}
      </p>
      {work.order_status?.cancel && state !== "completed" && (
        <p className="work-card-meta" role="status">
          {TheTerm(terms.order)} fue {agree(terms.order, "anulado", "anulada")}: este trabajo ya no hace falta.
        </p>
      )}
      {since && (
        <p className="work-card-meta">
          {state === "pending" ? "Solicitado hace " : "En curso hace "}
          {elapsedText(now - Date.parse(since))}
        </p>
      )}
      {state !== "completed" && (onStart || onComplete) && (
        <div className="work-card-actions">
          {state === "pending" && onStart && (
            <Button variant="secondary" icon={<Play size={16} aria-hidden />} onClick={onStart} loading={pending}>
              Iniciar
            </Button>
          )}
          {onComplete && (
            <Button icon={<CheckCircle2 size={16} aria-hidden />} onClick={onComplete} loading={pending}>
              Terminar
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
