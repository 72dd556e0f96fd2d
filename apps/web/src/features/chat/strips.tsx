/**
 * The strips under a chat's header (seed 002 section 2.3, seed 001 section 9): the workers on the document (first 7
 * with the time since they started, then '+N más') and the ongoing or upcoming events with a clock ticking every
 * second (an event disappears when it ends), and the document's budgets, each a link to its page.
 */
import { formatMoney, type ChatBudget, type ChatCommentsPage, type ChatEvent } from "@taller/core";
import { Link } from "@tanstack/react-router";
import { CalendarClock, FileText } from "lucide-react";
import { useEffect, useState } from "react";
import { initials } from "../../ui/initials";
import { StatusBadge } from "../../ui/status";
import { workName, worksStrip } from "./list-rules";
import { eventClock, sinceText } from "./time-rules";

/** The current time, re-read every `ms`. */
export function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

export function WorksStrip({ works }: { works: ChatCommentsPage["current_works"] }) {
  const now = useNow(60_000);
  if (!works.length) return null;
  const { shown, more } = worksStrip(works);
  return (
    <ul className="chat-strip" aria-label="Trabajos en curso">
      {shown.map((w) => (
        <li key={w.id} className="chat-strip-item">
          <span className="chat-avatar chat-avatar-sm" aria-hidden>
            {w.user.picture ? <img src={w.user.picture} alt="" /> : initials(w.user.name)}
          </span>
          <span>
            <strong>{w.user.name}</strong> · {workName(w.work_name)}
            <span className="muted"> · {sinceText(w.started_at ?? w.created_at, now)}</span>
          </span>
        </li>
      ))}
      {more && <li className="chat-strip-more">{more}</li>}
    </ul>
  );
}

export function EventsStrip({ events }: { events: ChatEvent[] }) {
  const now = useNow(1000);
  const running = events.flatMap((e) => {
    const clock = eventClock(e, now);
    return clock ? [{ event: e, clock }] : [];
  });
  if (!running.length) return null;
  return (
    <ul className="chat-strip" aria-label="Eventos">
      {running.map(({ event, clock }) => (
        <li key={event.id} className={`chat-strip-item chat-event-${clock.state}`}>
          <CalendarClock size={16} aria-hidden />
          <span>
            <strong>{event.name}</strong> · {clock.state === "ongoing" ? "En curso" : "Comienza en"}{" "}
            <time className="chat-clock">{clock.text}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function BudgetsStrip({ budgets }: { budgets: ChatBudget[] }) {
  if (!budgets.length) return null;
  return (
    <ul className="chat-strip" aria-label="Presupuestos">
      {budgets.map((b) => (
        <li key={b.id} className="chat-strip-item">
          <FileText size={16} aria-hidden />
          <span>
            <Link to="/main/budgets/$id" params={{ id: String(b.id) }}>
              Presupuesto Nº {b.correlative_id}
            </Link>{" "}
            · {formatMoney(b.total)} <StatusBadge color={b.status.color} name={b.status.name} />
          </span>
        </li>
      ))}
    </ul>
  );
}
