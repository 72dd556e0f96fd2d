/**
 * The agenda's month mode: whole weeks, Monday first; each day lists the bookings the range sends for it (the first
 * AGENDA_MONTH_SHOWN in the spec's priority order) and counts the rest as '+N', which opens the day.
 */
import { bookingDisplay, noClientText } from "@taller/core";
import { Lock } from "lucide-react";
import { useTerms } from "../../lib/company-setup";
import { holidayOn, isBlocked, monthOf, monthWeeks, weekdayNames } from "./agenda-rules";
import type { BookingRange } from "./use-agenda";

export function MonthView({
  month,
  today,
  range,
  locationIds,
  onOpenDay,
}: {
  month: string;
  today: string;
  range: BookingRange | undefined;
  locationIds: number[] | null;
  onOpenDay(day: string): void;
}) {
  const names = weekdayNames();
  const terms = useTerms();
  return (
    <div className="agenda-month">
      <div className="agenda-month-head">
        {names.map((n) => (
          <div key={n}>{n}</div>
        ))}
      </div>
      {monthWeeks(month).map((week) => (
        <div key={week[0]} className="agenda-month-week">
          {week.map((day) => {
            const bookings = range?.bookings[day] ?? [];
            const count = range?.counts[day] ?? 0;
            const holiday = range ? holidayOn(range.holydays, day, locationIds) : null;
            const blocked = range ? isBlocked(range.blocks, day) : false;
            const classes = [
              "agenda-day",
              monthOf(day) !== month && "agenda-day-other",
              day === today && "agenda-day-today",
              holiday && "agenda-day-holiday",
            ];
            return (
              <button
                key={day}
                type="button"
                className={classes.filter(Boolean).join(" ")}
                onClick={() => onOpenDay(day)}
                aria-label={`${day}${holiday ? `, feriado ${holiday.name}` : ""}${count ? `, ${count} reservas` : ""}`}
                data-day={day}
              >
                <span className="agenda-day-number">
                  {Number(day.slice(8))}
                  {blocked && <Lock size={12} aria-label="Bloqueado" />}
                </span>
                {holiday && <span className="agenda-day-holiday-name">{holiday.name}</span>}
                <span className="agenda-day-bookings">
                  {bookings.map((b) => {
                    const d = bookingDisplay(b);
                    return (
                      <span key={b.id} className="agenda-chip" style={{ background: d.color }} title={d.label}>
                        <span className="agenda-chip-time">{b.booking_time}</span>{" "}
                        {b.client_name ?? noClientText(terms.client)}
                      </span>
                    );
                  })}
                  {count > bookings.length && <span className="agenda-more">+{count - bookings.length}</span>}
                </span>
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
