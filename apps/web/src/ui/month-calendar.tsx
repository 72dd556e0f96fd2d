/**
 * A month of days to pick from, in Spanish, Monday first (the client booking page's 'Fecha' and every DateField's
 * calendar). Days are 'YYYY-MM-DD' strings throughout: no Date in local time, so the browser's zone never shifts a
 * day. A refused day (`available` false) is shown but cannot be picked and says 'Fecha no disponible'.
 *
 *   <MonthCalendar label="Fecha" month={month} onMonth={setMonth} value={day} onPick={setDay} />
 */
import { addDays, DATE_NOT_AVAILABLE, weekdayOf } from "@taller/core";
import { ChevronLeft, ChevronRight } from "lucide-react";
import "./month-calendar.css";

const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];
const WEEKDAYS = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"];

/** 'YYYY-MM' of a day. */
export const monthOf = (day: string) => day.slice(0, 7);
const firstOf = (month: string) => `${month}-01`;
function shiftMonth(month: string, by: number): string {
  const [y = 0, m = 1] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + by;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}
/** The days shown for a month ('YYYY-MM'): from the Monday of its first week to the Sunday of its last. */
export function gridOf(month: string): string[] {
  const start = addDays(firstOf(month), 1 - weekdayOf(firstOf(month)));
  const days: string[] = [];
  for (let day = start; monthOf(day) <= month || weekdayOf(day) !== 1; day = addDays(day, 1)) days.push(day);
  return days;
}
export const monthTitle = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
/** "lunes 24 de noviembre de 2026": each day's accessible name. */
const dayName = (day: string) =>
  `${WEEKDAYS[weekdayOf(day) - 1]} ${Number(day.slice(8, 10))} de ${MONTHS[Number(day.slice(5, 7)) - 1]} de ${day.slice(0, 4)}`;

export interface MonthCalendarProps {
  /** The month shown, 'YYYY-MM'. */
  month: string;
  onMonth(month: string): void;
  value: string | null;
  onPick(day: string): void;
  /** No month before this day's is offered. */
  min?: string;
  available?(day: string): boolean;
}

export function MonthCalendar({ month, onMonth, value, onPick, min, available = () => true }: MonthCalendarProps) {
  return (
    <>
      <div className="date-picker-head">
        <button
          type="button"
          className="icon-btn"
          aria-label="Mes anterior"
          disabled={min !== undefined && month <= monthOf(min)}
          onClick={() => onMonth(shiftMonth(month, -1))}
        >
          <ChevronLeft size={18} aria-hidden />
        </button>
        <span className="date-picker-title" aria-live="polite">
          {monthTitle(month)}
        </span>
        <button
          type="button"
          className="icon-btn"
          aria-label="Mes siguiente"
          onClick={() => onMonth(shiftMonth(month, 1))}
        >
          <ChevronRight size={18} aria-hidden />
        </button>
      </div>
      <div className="date-picker-grid" role="grid">
        <div role="row" className="date-picker-row">
          {WEEKDAYS.map((w) => (
            <span key={w} role="columnheader" aria-label={w} className="date-picker-weekday">
              {w.slice(0, 2)}
            </span>
          ))}
        </div>
        {chunk(gridOf(month), 7).map((week) => (
          <div role="row" className="date-picker-row" key={week[0]}>
            {week.map((day) => {
              const ok = available(day);
              const outside = monthOf(day) !== month;
              return (
                <span role="gridcell" key={day} aria-selected={day === value || undefined}>
                  <button
                    type="button"
                    data-day={day}
                    className={`date-picker-day${outside ? " outside" : ""}${day === value ? " selected" : ""}`}
                    aria-label={ok ? dayName(day) : `${dayName(day)}, ${DATE_NOT_AVAILABLE}`}
                    title={ok ? undefined : DATE_NOT_AVAILABLE}
                    aria-disabled={!ok || undefined}
                    onClick={() => {
                      if (ok) onPick(day);
                    }}
                  >
                    {Number(day.slice(8, 10))}
                  </button>
                </span>
              );
            })}
          </div>
        ))}
      </div>
    </>
  );
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}
