/** Radix Select (a listbox with typeahead) behind `Select` (select.tsx), which loads it after the first paint. */
import { Select as SelectPrimitive } from "radix-ui";
import { Check, ChevronDown } from "lucide-react";
import type { SelectTriggerProps } from "./select";

export default function SelectPopup<T extends string>({
  id,
  value,
  onValueChange,
  options,
  placeholder,
  error,
  disabled,
  openAtStart,
}: SelectTriggerProps<T>) {
  return (
    <SelectPrimitive.Root
      value={value}
      onValueChange={(v) => onValueChange(v as T)}
      disabled={disabled}
      defaultOpen={openAtStart}
    >
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
  );
}
