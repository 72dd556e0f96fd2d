/**
 * 'Fecha': a button opening a month grid (Radix Popover) whose days the page's filter may refuse. A refused day is
 * shown but cannot be picked and says 'Fecha no disponible'. Days are 'YYYY-MM-DD' strings throughout: no Date in
 * local time, so the browser's zone never shifts a day.
 *
 *   <DatePicker label="Fecha" value={day} onChange={setDay} min="2026-11-24" available={(d) => …} error={…} />
 */
import { addDays, DATE_NOT_AVAILABLE, formatDay, weekdayOf } from "@taller/core";
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { Popover } from "radix-ui";
import { useId, useState } from "react";

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

/** 'YYYY-MM' of a day, and the first day of a month. */
const monthOf = (day: string) => day.slice(0, 7);
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
const monthTitle = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
/** "lunes 24 de noviembre de 2026": each day's accessible name. */
const dayName = (day: string) =>
  `${WEEKDAYS[weekdayOf(day) - 1]} ${Number(day.slice(8, 10))} de ${MONTHS[Number(day.slice(5, 7)) - 1]} de ${day.slice(0, 4)}`;

export interface DatePickerProps {
  label: string;
  value: string | null;
  onChange(day: string): void;
  /** The first month shown when nothing is chosen, and no month before it. */
  min: string;
  available(day: string): boolean;
  error?: string | null;
  disabled?: boolean;
}

export function DatePicker({ label, value, onChange, min, available, error, disabled }: DatePickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(() => monthOf(value ?? min));
  const pick = (day: string) => {
    onChange(day);
    setOpen(false);
  };
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          if (next) setMonth(monthOf(value ?? min));
          setOpen(next);
        }}
      >
        <Popover.Trigger asChild>
          <button
            id={id}
            type="button"
            className="select-trigger date-picker-trigger"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            disabled={disabled}
          >
            <span>{value ? formatDay(value) : "Selecciona una fecha"}</span>
            <CalendarDays size={18} aria-hidden />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            className="menu date-picker"
            align="start"
            sideOffset={4}
            aria-label={`${label}: ${monthTitle(month)}`}
          >
            <div className="date-picker-head">
              <button
                type="button"
                className="icon-btn"
                aria-label="Mes anterior"
                disabled={month <= monthOf(min)}
                onClick={() => setMonth(shiftMonth(month, -1))}
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
                onClick={() => setMonth(shiftMonth(month, 1))}
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
                            if (ok) pick(day);
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
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {error && (
        <div id={`${id}-error`} className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}
