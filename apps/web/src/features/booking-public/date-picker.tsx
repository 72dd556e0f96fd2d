/**
 * 'Fecha': a button opening a month grid whose days the page's filter may refuse. A refused day is shown but cannot
 * be picked and says 'Fecha no disponible'. Days are 'YYYY-MM-DD' strings throughout: no Date in local time, so the
 * browser's zone never shifts a day. The grid's Radix Popover (date-picker-popup.tsx) loads after the page has
 * painted; the same button shows meanwhile, and a press on it opens the grid once loaded.
 *
 *   <DatePicker label="Fecha" value={day} onChange={setDay} min="2026-11-24" available={(d) => …} error={…} />
 */
import { formatDay } from "@taller/core";
import { CalendarDays } from "lucide-react";
import { type ComponentProps, useId, useState } from "react";
import { lazyComponent } from "../../lib/lazy-component";

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

/** What the popover needs, and the trigger shown while it loads. */
export interface DatePickerPopupProps extends DatePickerProps {
  id: string;
  /** The trigger was pressed before the popover loaded: it opens as soon as it has. */
  openAtStart: boolean;
  onOpenAtStart(): void;
}

const DatePickerPopup = lazyComponent(() => import("./date-picker-popup").then((m) => m.default), {
  placeholder: ({ id, value, error, disabled, onOpenAtStart }) => (
    <DateTrigger id={id} value={value} error={error} disabled={disabled} onPointerDown={onOpenAtStart} />
  ),
});

export function DatePicker(props: DatePickerProps) {
  const id = useId();
  const [openAtStart, setOpenAtStart] = useState(false);
  const { label, error } = props;
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <DatePickerPopup {...props} id={id} openAtStart={openAtStart} onOpenAtStart={() => setOpenAtStart(true)} />
      {error && (
        <div id={`${id}-error`} className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** The field's button, the same before and after the popover loads (a press meanwhile opens it once loaded). */
export function DateTrigger({
  id,
  value,
  error,
  disabled,
  ...rest
}: { id: string; value: string | null; error?: string | null; disabled?: boolean } & Omit<
  ComponentProps<"button">,
  "value"
>) {
  return (
    <button
      {...rest}
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
  );
}
