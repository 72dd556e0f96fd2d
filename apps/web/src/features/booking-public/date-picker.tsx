/**
 * 'Fecha': a button opening a month grid (Radix Popover) whose days the page's filter may refuse. A refused day is
 * shown but cannot be picked and says 'Fecha no disponible'. Days are 'YYYY-MM-DD' strings throughout: no Date in
 * local time, so the browser's zone never shifts a day.
 *
 *   <DatePicker label="Fecha" value={day} onChange={setDay} min="2026-11-24" available={(d) => …} error={…} />
 */
import { formatDay } from "@taller/core";
import { CalendarDays } from "lucide-react";
import { Popover } from "radix-ui";
import { useId, useState } from "react";
import { MonthCalendar, monthOf, monthTitle } from "../../ui/month-calendar";

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
            <MonthCalendar
              month={month}
              onMonth={setMonth}
              value={value}
              onPick={pick}
              min={min}
              available={available}
            />
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
