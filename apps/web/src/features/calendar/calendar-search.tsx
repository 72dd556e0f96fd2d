/**
 * The calendar's floating search (seed 000 sections 2.4, 5 and 9): it asks after 2 characters and a 500 ms pause,
 * and lists the matches (duration in hours, date, identifier, name) in a list at most 200 px high. A delivery
 * opens its order; an event opens its dialog.
 */
import {
  CALENDAR_SEARCH_DEBOUNCE_MS,
  CALENDAR_SEARCH_LIST_MAX_HEIGHT_PX,
  CALENDAR_SEARCH_MIN_CHARS,
  formatDay,
  formatNumber,
} from "@taller/core";
import { useNavigate } from "@tanstack/react-router";
import { Search, X } from "lucide-react";
import { useId, useState } from "react";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { useSettled } from "../../lib/use-settled";
import { IconButton } from "../../ui/icon-button";
import { Spinner } from "../../ui/spinner";
import type { CalendarEvent } from "./types";
import { deliveryItem } from "./calendar-rules";

export function CalendarSearch({
  locationIds,
  onOpenEvent,
}: {
  locationIds: number[] | null;
  onOpenEvent(event: CalendarEvent): void;
}) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState("");
  const query = useSettled(text.trim(), CALENDAR_SEARCH_DEBOUNCE_MS);
  const enabled = query.length >= CALENDAR_SEARCH_MIN_CHARS;
  // Both calendars: a plate or an event's name is found whichever type is shown.
  const found = trpc.calendar.search.useQuery({ query, location_ids: locationIds }, { enabled });

  const deliveries = (found.data?.deliveries ?? []).flatMap((d) => {
    const item = deliveryItem(d);
    return item ? [{ d, item }] : [];
  });
  const events = found.data?.events ?? [];
  const empty = enabled && found.data && deliveries.length + events.length === 0;

  return (
    <div className="calendar-search shell-float" role="search">
      <div className="calendar-search-box">
        <Search size={18} aria-hidden />
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Buscar en el calendario"
          aria-label="Buscar en el calendario"
          aria-controls={listId}
        />
        {found.isFetching && enabled && <Spinner size={16} label="Buscando" />}
        {text && (
          <IconButton label="Limpiar búsqueda" onClick={() => setText("")}>
            <X size={16} />
          </IconButton>
        )}
      </div>
      {enabled && (
        <ul
          id={listId}
          className="calendar-search-results"
          style={{ maxHeight: CALENDAR_SEARCH_LIST_MAX_HEIGHT_PX }}
          aria-label="Resultados"
        >
          {deliveries.map(({ d, item }) => (
            <li key={item.key}>
              <button
                type="button"
                onClick={() => void navigate({ to: "/main/orders/$id", params: { id: String(d.id) } })}
              >
                <span className="calendar-chip" style={{ background: item.color }}>
                  {item.state}
                </span>
                <span>{formatDay(item.date)}</span>
                <strong>{item.label}</strong>
                <span className="calendar-search-name">{d.client_name ?? `#${d.correlative_id}`}</span>
              </button>
            </li>
          ))}
          {events.map((e) => (
            <li key={`e${e.id}`}>
              <button type="button" onClick={() => onOpenEvent(e)}>
                <span>{formatNumber(e.duration)} h</span>
                <span>{formatDay(e.date)}</span>
                {e.identifier && <strong>{e.identifier}</strong>}
                <span className="calendar-search-name">{e.name}</span>
              </button>
            </li>
          ))}
          {found.isError ? (
            <li>
              <QueryFailed query={found} what="la búsqueda" inline />
            </li>
          ) : (
            empty && <li className="calendar-search-empty">Sin resultados</li>
          )}
        </ul>
      )}
    </div>
  );
}
