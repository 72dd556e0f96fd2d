/**
 * The agenda's day mode (seed 001 sections 2, 4 and 5): the day's slots as rows (every time_interval minutes), and
 * capacity columns (max_bookings) or one column per professional, paged 4 at a time or one by one. A booking covers
 * ceil(duration / interval) rows. An empty cell books when allowed, else shows a lock. Block toggles for the day,
 * an hour, or a professional's hour appear for create on booking_block, today or later.
 */
import {
  bookingDisplay,
  noClientText,
  NO_PLATE,
  NO_RUT,
  PROFESSIONALS_PER_PAGE,
  titleCase,
  weekdayOf,
} from "@taller/core";
import { ChevronLeft, ChevronRight, Lock, LockOpen, Plus, User, Users } from "lucide-react";
import { useState } from "react";
import { useTerms } from "../../lib/company-setup";
import { IconButton } from "../../ui/icon-button";
import {
  blockAt,
  canBookAt,
  canToggleBlock,
  coveredRows,
  cyclePage,
  holidayOn,
  inBlockHours,
  isBlocked,
  type Placed,
  placeByCapacity,
  placeByProfessional,
  professionalPage,
} from "./agenda-rules";
import type { AgendaBookingRow, BookingDay, BookingRange, Professional } from "./use-agenda";

export interface DayViewProps {
  day: string;
  today: string;
  range: BookingRange;
  /** The day's bookings (booking.day): all of them, or the answer says how many it left out. */
  dayBookings: BookingDay;
  professionals: Professional[];
  locationIds: number[] | null;
  canCreate: boolean;
  canBlock: boolean;
  onBook(at: { booking_date: string; booking_time?: string; user_id?: number }): void;
  onOpenBooking(id: number): void;
  onToggleBlock(at: { date: string; hour: string | null; user_id: number | "all" }): void;
}

function BookingCard({ booking, onOpen }: { booking: AgendaBookingRow; onOpen(): void }) {
  const noClient = noClientText(useTerms().client);
  const d = bookingDisplay(booking);
  return (
    <button
      type="button"
      className="agenda-card"
      style={{ background: d.color }}
      onClick={onOpen}
      aria-label={`Reserva ${booking.booking_time} ${booking.client_name ?? noClient}, ${d.label}`}
    >
      <span className="agenda-card-line">
        <strong>{booking.booking_time}</strong> {booking.client_name ? titleCase(booking.client_name) : noClient}
      </span>
      <span className="agenda-card-line">
        {booking.client_rut ?? NO_RUT} · {booking.identifier ?? NO_PLATE}
      </span>
      <span className="agenda-card-line agenda-card-status">{d.label}</span>
    </button>
  );
}

export function DayView({
  day,
  today,
  range,
  dayBookings,
  professionals,
  locationIds,
  canCreate,
  canBlock,
  onBook,
  onOpenBooking,
  onToggleBlock,
}: DayViewProps) {
  const [page, setPage] = useState(0);
  const [single, setSingle] = useState(false);
  const rows = range.days[String(weekdayOf(day))] ?? [];
  const interval = range.time_interval;
  const bookings = dayBookings.bookings;
  const holiday = holidayOn(range.holydays, day, locationIds);
  const dayBlocked = isBlocked(range.blocks, day);
  const mayToggle = canToggleBlock(canBlock, day, today);
  const professionalMode = range.booking_type === "professional";
  const perPage = single ? 1 : PROFESSIONALS_PER_PAGE;
  const shown = professionalMode ? professionalPage(professionals, page, perPage) : [];

  let placed: Placed<AgendaBookingRow>[];
  let columns: { key: string; label: string; userId: number | null }[];
  if (professionalMode) {
    placed = placeByProfessional(
      bookings,
      rows,
      interval,
      shown.map((p) => p.id),
    );
    columns = shown.map((p) => ({ key: `u${p.id}`, label: p.name, userId: p.id }));
  } else {
    const capacity = placeByCapacity(bookings, rows, interval, range.max_bookings);
    placed = capacity.placed;
    columns = Array.from({ length: capacity.columns }, (_, i) => ({ key: `c${i}`, label: `${i + 1}`, userId: null }));
  }
  const lockFacts = { canCreate, day, today, holiday: holiday !== null, blocked: dayBlocked };
  const dayOpen = canBookAt(lockFacts);
  const template = `4.5rem repeat(${Math.max(columns.length, 1)}, minmax(0, 1fr))`;

  return (
    <section className="agenda-day-view" aria-label="Día">
      <div className="agenda-day-bar">
        {holiday && <span className="agenda-holiday">Feriado: {holiday.name}</span>}
        {mayToggle && (
          <button
            type="button"
            className="btn btn-text"
            aria-pressed={dayBlocked}
            onClick={() => onToggleBlock({ date: day, hour: null, user_id: "all" })}
          >
            {dayBlocked ? <LockOpen size={18} aria-hidden /> : <Lock size={18} aria-hidden />}
            {dayBlocked ? "Desbloquear día" : "Bloquear día"}
          </button>
        )}
        {professionalMode && professionals.length > 1 && (
          <span className="agenda-pager">
            <IconButton
              label="Profesionales anteriores"
              onClick={() => setPage((p) => cyclePage(p, -1, professionals.length, perPage))}
            >
              <ChevronLeft size={20} />
            </IconButton>
            <IconButton
              label={single ? "Ver 4 profesionales" : "Ver un profesional"}
              aria-pressed={single}
              onClick={() => {
                setSingle(!single);
                setPage(0);
              }}
            >
              {single ? <Users size={20} /> : <User size={20} />}
            </IconButton>
            <IconButton
              label="Profesionales siguientes"
              onClick={() => setPage((p) => cyclePage(p, 1, professionals.length, perPage))}
            >
              <ChevronRight size={20} />
            </IconButton>
          </span>
        )}
      </div>
      {dayBookings.total > bookings.length && (
        <p className="agenda-notice" role="status">
          Se muestran {bookings.length} de {dayBookings.total} reservas de este día; usa la búsqueda para encontrar las
          demás.
        </p>
      )}
      {rows.length === 0 ? (
        <p className="muted agenda-empty">Día no laborable</p>
      ) : professionalMode && columns.length === 0 ? (
        <p className="muted agenda-empty">No hay profesionales</p>
      ) : (
        <div className="agenda-grid" style={{ gridTemplateColumns: template }}>
          <div className="agenda-grid-corner" style={{ gridRow: 1, gridColumn: 1 }} />
          {columns.map((c, i) => (
            <div key={c.key} className="agenda-grid-head" style={{ gridRow: 1, gridColumn: i + 2 }} title={c.label}>
              {c.label}
            </div>
          ))}
          {rows.map((time, r) => {
            const hourBlocked = blockAt(range.blocks, day, time, "all");
            return (
              <div key={time} className="agenda-grid-time" style={{ gridRow: r + 2, gridColumn: 1 }}>
                <span>{time}</span>
                {mayToggle && !professionalMode && (
                  <IconButton
                    label={hourBlocked ? `Desbloquear ${time}` : `Bloquear ${time}`}
                    aria-pressed={hourBlocked}
                    className="agenda-lock-toggle"
                    onClick={() => onToggleBlock({ date: day, hour: time, user_id: "all" })}
                  >
                    {hourBlocked ? <Lock size={16} /> : <LockOpen size={16} />}
                  </IconButton>
                )}
              </div>
            );
          })}
          {columns.map((c, ci) => {
            const covered = coveredRows(placed, ci);
            const professional = shown[ci];
            return rows.map((time, r) => {
              if (covered.has(r)) return null;
              const blocked = isBlocked(range.blocks, day, time, c.userId);
              const blockHours = professional ? inBlockHours(professional.block_hours, day, time) : false;
              const open = canBookAt({ ...lockFacts, blocked, blockHours });
              const who = professional ? ` con ${professional.name}` : "";
              const userBlocked = c.userId !== null && blockAt(range.blocks, day, time, c.userId);
              return (
                <div
                  key={`${c.key}-${time}`}
                  className={`agenda-slot${open ? "" : " agenda-slot-locked"}${blockHours ? " agenda-slot-off" : ""}`}
                  style={{ gridRow: r + 2, gridColumn: ci + 2 }}
                >
                  {open ? (
                    <button
                      type="button"
                      className="agenda-slot-add"
                      aria-label={`Agendar ${time}${who}`}
                      onClick={() =>
                        onBook({ booking_date: day, booking_time: time, ...(c.userId ? { user_id: c.userId } : {}) })
                      }
                    />
                  ) : (
                    <span className="agenda-slot-lock" role="img" aria-label={`${time}${who} no disponible`}>
                      <Lock size={14} aria-hidden />
                    </span>
                  )}
                  {mayToggle && c.userId !== null && !blockHours && (
                    <IconButton
                      label={userBlocked ? `Desbloquear ${time}${who}` : `Bloquear ${time}${who}`}
                      aria-pressed={userBlocked}
                      className="agenda-lock-toggle"
                      onClick={() => onToggleBlock({ date: day, hour: time, user_id: c.userId ?? "all" })}
                    >
                      {userBlocked ? <Lock size={14} /> : <LockOpen size={14} />}
                    </IconButton>
                  )}
                </div>
              );
            });
          })}
          {placed.map((p) => (
            <div
              key={p.booking.id}
              className="agenda-card-cell"
              style={{ gridRow: `${p.row + 2} / span ${p.span}`, gridColumn: p.column + 2 }}
            >
              <BookingCard booking={p.booking} onOpen={() => onOpenBooking(p.booking.id)} />
            </div>
          ))}
        </div>
      )}
      {dayOpen && (
        <button
          type="button"
          className="agenda-fab shell-float"
          aria-label="Agregar reserva"
          onClick={() => onBook({ booking_date: day })}
        >
          <Plus size={26} aria-hidden />
        </button>
      )}
    </section>
  );
}
