/**
 * Choosing one of a list (several: multi-select.tsx).
 *
 *   <Select label="Tipo" value={type} onValueChange={setType} options={[{ value: "tables", label: "Tablas" }]} />
 *
 * Select is Radix Select (a listbox with typeahead), which loads after the first paint with its positioning (~17 KB
 * gzipped), so a screen does not wait for it. Until then the same trigger shows the value; pressing it (or a key on
 * it) then opens the list as soon as it has loaded.
 */
import { ChevronDown } from "lucide-react";
import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { lazyComponent } from "../lib/lazy-component";

export interface Option<T> {
  value: T;
  label: string;
}

export interface SelectProps<T extends string> {
  label: string;
  value: T | undefined;
  onValueChange(value: T): void;
  options: readonly Option<T>[];
  placeholder?: string;
  error?: string | null;
  disabled?: boolean;
}

/** What the trigger needs, before and after Radix loads. */
export interface SelectTriggerProps<T extends string> extends Omit<SelectProps<T>, "label"> {
  id: string;
  /** The trigger was pressed before Radix loaded: the list opens as soon as it has. */
  openAtStart: boolean;
  /** A press on the trigger shown while Radix loads. */
  onOpenAtStart(): void;
}

// A lazy component loses the component's type parameter.
const SelectPopup = lazyComponent(() => import("./select-popup").then((m) => m.default), {
  placeholder: (props) => <WaitingTrigger {...props} />,
}) as unknown as <T extends string>(props: SelectTriggerProps<T>) => ReactNode;

export function Select<T extends string>({ label, error, ...props }: SelectProps<T>) {
  const id = useId();
  const [openAtStart, setOpenAtStart] = useState(false);
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <SelectPopup
        {...props}
        id={id}
        error={error}
        openAtStart={openAtStart}
        onOpenAtStart={() => setOpenAtStart(true)}
      />
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** Radix's trigger as it renders closed, shown while Radix loads; it remembers a press to open the list then. */
function WaitingTrigger<T extends string>({
  id,
  value,
  options,
  placeholder,
  error,
  disabled,
  onOpenAtStart,
}: SelectTriggerProps<T>) {
  const selected = options.find((o) => o.value === value);
  const onKeyDown = (event: KeyboardEvent) => {
    if ([" ", "Enter", "ArrowDown", "ArrowUp"].includes(event.key)) {
      event.preventDefault();
      onOpenAtStart();
    }
  };
  return (
    <button
      type="button"
      id={id}
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      aria-invalid={error ? true : undefined}
      className="select-trigger"
      disabled={disabled}
      data-state="closed"
      data-placeholder={selected ? undefined : ""}
      onPointerDown={onOpenAtStart}
      onKeyDown={onKeyDown}
    >
      <span style={{ pointerEvents: "none" }}>{selected?.label ?? placeholder}</span>
      <span aria-hidden>
        <ChevronDown size={18} />
      </span>
    </button>
  );
}

/** `selected` with `value` switched on or off, in the order of `all`. */
export function toggleValue<T>(all: readonly T[], selected: readonly T[], value: T, on: boolean): T[] {
  return all.filter((x) => (x === value ? on : selected.includes(x)));
}
