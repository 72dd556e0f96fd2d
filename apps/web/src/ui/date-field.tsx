/**
 * A day, typed or picked, always shown as dd-mm-yyyy (es-CL) whatever the browser's language: the native date input
 * showed mm/dd/yyyy in an English Chromium beside the app's dd-mm-yyyy. The value is the API's 'YYYY-MM-DD' ("" when
 * empty); while what is typed is not a whole, real day the value is that text, so the form's schema refuses it, and
 * the field says so when left.
 *
 *   <DateField label="Fecha" value={day} onChange={setDay} error={…} />
 */
import { formatDay, INVALID_DAY_TEXT, maskDayInput, parseDayInput } from "@taller/core";
import { CalendarDays } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { lazyComponent } from "../lib/lazy-component";

// The calendar (Radix Popover and the month grid, ~4 KB gzipped) loads after the field shows; until then its button
// shows without it.
const DatePicker = lazyComponent(() => import("./date-picker-popover").then((m) => m.default), {
  placeholder: (props) => props.children,
});

export const DAY_PLACEHOLDER = "dd-mm-aaaa";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A value that is a whole day or nothing, not text still being typed. */
export const isDayValue = (value: string) => value === "" || ISO_DAY.test(value);
/** What the field shows for a value: a day as dd-mm-yyyy, anything else (text being typed) as it is. */
const shown = (value: string) => (ISO_DAY.test(value) ? formatDay(value) : value);
/** The value for what is shown. */
const valueOf = (text: string) => (text === "" ? "" : (parseDayInput(text) ?? text));

export interface DateFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string | null;
  hint?: string;
  /** The first and last days the calendar offers ('YYYY-MM-DD'). */
  min?: string;
  max?: string;
  disabled?: boolean;
  required?: boolean;
  name?: string;
  className?: string;
}

export function DateField({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  min,
  max,
  disabled,
  required,
  name,
  className,
}: DateFieldProps) {
  const id = useId();
  const [text, setText] = useState(() => shown(value));
  const [left, setLeft] = useState(false);
  // A value set from outside (a picked day, a form reset) shows; what is being typed stays as typed (only a change
  // of the value runs this, not one of the text).
  useEffect(() => {
    if (valueOf(text) !== value) setText(shown(value));
  }, [value]);
  const invalid = left && text !== "" && parseDayInput(text) === null ? INVALID_DAY_TEXT : null;
  const message = error || invalid || hint;
  const messageId = `${id}-message`;
  const type = (next: string) => {
    const masked = maskDayInput(next);
    setText(masked);
    setLeft(false);
    onChange(valueOf(masked));
  };
  const pick = (day: string) => {
    setText(formatDay(day));
    setLeft(false);
    onChange(day);
  };
  const button = (
    <button type="button" className="icon-btn date-field-button" aria-label="Abrir calendario" disabled={disabled}>
      <CalendarDays size={18} aria-hidden />
    </button>
  );
  return (
    <div className={`field date-field${error || invalid ? " field-invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      <div className="date-field-control">
        <input
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={DAY_PLACEHOLDER}
          maxLength={10}
          value={text}
          disabled={disabled}
          required={required}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          onChange={(e) => type(e.target.value)}
          onBlur={() => {
            setLeft(true);
            onBlur?.();
          }}
        />
        <DatePicker label={label} day={ISO_DAY.test(value) ? value : null} min={min} max={max} onPick={pick}>
          {button}
        </DatePicker>
      </div>
      {message && (
        <div
          id={messageId}
          className={error || invalid ? "field-error" : "field-hint"}
          role={error || invalid ? "alert" : undefined}
        >
          {message}
        </div>
      )}
    </div>
  );
}
