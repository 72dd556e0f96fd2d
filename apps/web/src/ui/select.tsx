/**
 * Choosing from a list.
 *
 *   <Select label="Tipo" value={type} onValueChange={setType} options={[{ value: "tables", label: "Tablas" }]} />
 *   <MultiSelect label="Locales" options={[{ value: 1, label: "Casa Matriz" }]} value={ids} onChange={setIds}
 *                allLabel="Todos" />
 *
 * Select is Radix Select (a listbox with typeahead). MultiSelect is a button opening a menu of checkboxes that stays
 * open while picking; `allLabel` adds a first row that selects or clears everything, and names the button when all
 * are chosen.
 */
import { Select as SelectPrimitive } from "radix-ui";
import { Check, ChevronDown } from "lucide-react";
import { useId } from "react";
import { Menu, MenuCheckboxItem, MenuSeparator } from "./menu";

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

export function Select<T extends string>({
  label,
  value,
  onValueChange,
  options,
  placeholder,
  error,
  disabled,
}: SelectProps<T>) {
  const id = useId();
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <SelectPrimitive.Root value={value} onValueChange={(v) => onValueChange(v as T)} disabled={disabled}>
        <SelectPrimitive.Trigger id={id} className="select-trigger" aria-invalid={error ? true : undefined}>
          <SelectPrimitive.Value placeholder={placeholder} />
          <SelectPrimitive.Icon>
            <ChevronDown size={18} />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content className="menu" position="popper" sideOffset={4}>
            <SelectPrimitive.Viewport>
              {options.map((o) => (
                <SelectPrimitive.Item key={o.value} value={o.value} className="menu-item">
                  <span className="menu-item-check" aria-hidden>
                    <SelectPrimitive.ItemIndicator>
                      <Check size={16} />
                    </SelectPrimitive.ItemIndicator>
                  </span>
                  <SelectPrimitive.ItemText>{o.label}</SelectPrimitive.ItemText>
                </SelectPrimitive.Item>
              ))}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      </SelectPrimitive.Root>
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** `selected` with `value` switched on or off, in the order of `all`. */
export function toggleValue<T>(all: readonly T[], selected: readonly T[], value: T, on: boolean): T[] {
  return all.filter((x) => (x === value ? on : selected.includes(x)));
}

export interface MultiSelectProps<T> {
  label: string;
  options: readonly Option<T>[];
  value: readonly T[];
  onChange(value: T[]): void;
  allLabel?: string;
  /** Shown when nothing is chosen. */
  noneLabel?: string;
}

export function MultiSelect<T>({
  label,
  options,
  value,
  onChange,
  allLabel,
  noneLabel = "Ninguno",
}: MultiSelectProps<T>) {
  const chosen = new Set(value);
  const all = options.length > 0 && options.every((o) => chosen.has(o.value));
  const summary =
    all && allLabel
      ? allLabel
      : value.length === 0
        ? noneLabel
        : value.length === 1
          ? (options.find((o) => o.value === value[0])?.label ?? noneLabel)
          : `${value.length} seleccionados`;
  const toggle = (v: T, on: boolean) =>
    onChange(
      toggleValue(
        options.map((o) => o.value),
        value,
        v,
        on,
      ),
    );

  return (
    <Menu
      align="start"
      trigger={
        <button type="button" className="select-trigger multi-select-trigger" aria-label={`${label}: ${summary}`}>
          <span className="multi-select-label">{label}</span>
          <span className="multi-select-value">{summary}</span>
          <ChevronDown size={18} aria-hidden />
        </button>
      }
    >
      {allLabel && (
        <>
          <MenuCheckboxItem
            keepOpen
            checked={all ? true : value.length > 0 ? "indeterminate" : false}
            onCheckedChange={() => onChange(all ? [] : options.map((o) => o.value))}
          >
            {allLabel}
          </MenuCheckboxItem>
          <MenuSeparator />
        </>
      )}
      {options.map((o) => (
        <MenuCheckboxItem
          key={String(o.value)}
          keepOpen
          checked={chosen.has(o.value)}
          onCheckedChange={(on) => toggle(o.value, on)}
        >
          {o.label}
        </MenuCheckboxItem>
      ))}
    </Menu>
  );
}
