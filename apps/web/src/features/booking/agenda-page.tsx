/**
 * The agenda (/main/booking, seed 001 sections 2 and 4): month mode (?month=YYYY-MM), and day mode with
 * ?date=YYYY-MM-DD (clicking a day adds it, the back arrow returns to its month). Toolbar: back arrow (day mode),
 * colour legend (centred on wide screens, in a help dialog on narrow ones), the e-mail bookings counter, search,
 * previous/next and the title. Every open agenda of the company refreshes on the realtime booking events.
 */
import {
  addDays,
  BOOKING_DISPLAY,
  BOOKING_SEARCH_DEBOUNCE_MS,
  BOOKING_SEARCH_MIN,
  bookingDisplay,
  formatDay,
  noClientText,
  NO_RUT,
  todayIn,
} from "@taller/core";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { ArrowLeft, ChevronLeft, ChevronRight, CircleHelp, Search, X } from "lucide-react";
import { useState } from "react";
import { useTerms } from "../../lib/company-setup";
import { useIsNarrow } from "../../lib/media";
import { usePreload } from "../../lib/lazy-part";
import { useCan } from "../../lib/permissions";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { IconButton } from "../../ui/icon-button";
import { dayTitle, monthTitle, searchable, shiftMonth, shownAgenda } from "./agenda-rules";
import { BookingDialog } from "./booking-dialog";
import type { BookingPrefill } from "./booking-form";
import { BookingForm, BookingFormDialog } from "./booking-form-dialog";
import { DayView } from "./day-view";
import { ExternalMailsButton, ExternalMailsDialog } from "./external-mails-dialog";
import { MonthView } from "./month-view";
import { useSettled } from "../../lib/use-settled";
import { useBookingDay, useBookingEvents, useBookingRange, useProfessionals, useToggleBlock } from "./use-agenda";
import "./booking.css";

function Legend() {
  return (
    <ul className="agenda-legend" aria-label="Leyenda">
      {Object.values(BOOKING_DISPLAY).map((d) => (
        <li key={d.label}>
          <span className="agenda-legend-dot" style={{ background: d.color }} aria-hidden />
          {d.label}
        </li>
      ))}
    </ul>
  );
}

/** The search overlay: from 2 characters, 500 ms after the last keystroke (seed 001 section 5). */
function SearchOverlay({ onClose, onOpenBooking }: { onClose(): void; onOpenBooking(id: number): void }) {
  const terms = useTerms();
  const [text, setText] = useState("");
  const query = useSettled(text.trim(), BOOKING_SEARCH_DEBOUNCE_MS);
  const enabled = searchable(query, BOOKING_SEARCH_MIN);
  const results = trpc.booking.search.useQuery({ query }, { enabled });
  const items = enabled ? (results.data?.items ?? []) : [];
  return (
    <div className="agenda-search" role="search">
      <div className="agenda-search-box">
        <Search size={20} aria-hidden />
        <input
          type="search"
          aria-label="Buscar reservas"
          placeholder="Buscar reservas"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoFocus
          autoComplete="off"
        />
        <IconButton label="Cerrar búsqueda" onClick={onClose}>
          <X size={20} />
        </IconButton>
      </div>
      {enabled && (
        <ul className="agenda-search-results" aria-label="Resultados">
          {results.isError ? (
            <li>
              <QueryFailed query={results} what="la búsqueda" inline />
            </li>
          ) : results.isLoading ? (
            <li className="muted">Buscando…</li>
          ) : (
            items.length === 0 && <li className="muted">Sin resultados</li>
          )}
          {items.map((b) => {
            const d = bookingDisplay(b);
            return (
              <li key={b.id}>
                <button type="button" onClick={() => onOpenBooking(b.id)}>
                  <span className="agenda-legend-dot" style={{ background: d.color }} aria-hidden />
                  <span>
                    <strong>
                      {b.booking_time} · {formatDay(b.booking_date)}
                    </strong>{" "}
                    {b.client_name ?? noClientText(terms.client)} · {b.client_rut ?? NO_RUT} ·{" "}
                    {b.requirement_name ?? "Sin requerimiento"}
                    {b.rescheduled && " · Reagendado"}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export function AgendaPage() {
  const can = useCan();
  const narrow = useIsNarrow();
  const navigate = useNavigate();
  const today = todayIn();
  const { date, month } = shownAgenda(useSearch({ from: "/main/booking" }), today);
  const { input, query: rangeQuery, data: range, locationIds } = useBookingRange(month);
  const dayQuery = useBookingDay(date, locationIds);
  const dayBookings = dayQuery.data;
  const professionals = useProfessionals(range?.booking_type === "professional" && !!date);
  const toggleBlock = useToggleBlock(input);
  const mails = trpc.booking.externalMails.list.useQuery();
  useBookingEvents();
  usePreload(can("create", "booking") && BookingForm);

  const [helpOpen, setHelpOpen] = useState(false);
  const [mailsOpen, setMailsOpen] = useState(false);
  const [searching, setSearching] = useState(false);
  const [opened, setOpened] = useState<number | null>(null);
  const [booking, setBooking] = useState<BookingPrefill | null>(null);

  // Back from a day returns to its month.
  const openDay = (day: string | undefined) =>
    void navigate({ to: "/main/booking", search: day ? { date: day } : { month } });
  const step = (delta: number) =>
    void navigate({
      to: "/main/booking",
      search: date ? { date: addDays(date, delta) } : { month: shiftMonth(month, delta) },
      replace: true,
    });

  return (
    <div className="agenda">
      <div className="agenda-toolbar">
        {date && (
          <IconButton label="Volver al mes" onClick={() => openDay(undefined)}>
            <ArrowLeft size={22} />
          </IconButton>
        )}
        <h2 className="agenda-title">{date ? dayTitle(date) : monthTitle(month)}</h2>
        {narrow ? (
          <IconButton label="Leyenda" onClick={() => setHelpOpen(true)}>
            <CircleHelp size={22} />
          </IconButton>
        ) : (
          <Legend />
        )}
        <div className="agenda-toolbar-actions">
          <ExternalMailsButton count={mails.data?.length ?? 0} onOpen={() => setMailsOpen(true)} />
          <IconButton label="Buscar" onClick={() => setSearching(true)}>
            <Search size={22} />
          </IconButton>
          <IconButton label={date ? "Día anterior" : "Mes anterior"} onClick={() => step(-1)}>
            <ChevronLeft size={22} />
          </IconButton>
          <IconButton label={date ? "Día siguiente" : "Mes siguiente"} onClick={() => step(1)}>
            <ChevronRight size={22} />
          </IconButton>
        </div>
      </div>
      {searching && <SearchOverlay onClose={() => setSearching(false)} onOpenBooking={setOpened} />}
      {!range && rangeQuery.isError ? (
        <QueryFailed
          // The day's bookings come in the same batch and fail with it: 'Reintentar' asks for both.
          query={{
            error: rangeQuery.error,
            isFetching: rangeQuery.isFetching,
            refetch: () => Promise.all([rangeQuery.refetch(), date ? dayQuery.refetch() : null]),
          }}
          what="la agenda"
        />
      ) : date && !dayBookings && dayQuery.isError ? (
        <QueryFailed query={dayQuery} what="las reservas del día" />
      ) : date ? (
        range && dayBookings ? (
          <DayView
            day={date}
            today={today}
            range={range}
            dayBookings={dayBookings}
            professionals={professionals}
            locationIds={locationIds}
            canCreate={can("create", "booking")}
            canBlock={can("create", "booking_block")}
            onBook={setBooking}
            onOpenBooking={setOpened}
            onToggleBlock={(at) => toggleBlock.mutate(at)}
          />
        ) : (
          <p className="muted agenda-empty">Cargando agenda…</p>
        )
      ) : (
        <MonthView month={month} today={today} range={range} locationIds={locationIds} onOpenDay={openDay} />
      )}
      <Dialog
        open={helpOpen}
        onOpenChange={setHelpOpen}
        title="Leyenda"
        actions={<Button onClick={() => setHelpOpen(false)}>Cerrar</Button>}
      >
        <Legend />
      </Dialog>
      {mailsOpen && <ExternalMailsDialog open onOpenChange={setMailsOpen} />}
      {opened !== null && <BookingDialog bookingId={opened} open onOpenChange={(o) => !o && setOpened(null)} />}
      {booking && <BookingFormDialog open initial={booking} onOpenChange={(o) => !o && setBooking(null)} />}
    </div>
  );
}
