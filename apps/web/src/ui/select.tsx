/**
 * Choosing one of a list (several: multi-select.tsx).
 *
 *   <Select label="Tipo" value={type} onValueChange={setType} options={[{ value: "tables", label: "Tablas" }]} />
 *
 * Select is Radix Select (a listbox with typeahead).
 */
import { Select as SelectPrimitive } from "radix-ui";
import { Check, ChevronDown } from "lucide-react";
import { useId } from "react";

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
