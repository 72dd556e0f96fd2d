/**
 * Choosing several of a list: a button opening a menu of checkboxes that stays open while picking; `allLabel` adds a
 * first row that selects or clears everything, and names the button when all are chosen. A module apart from
 * `Select`, so the screens with only single selects do not load Radix's dropdown menu.
 *
 *   <MultiSelect label="Locales" options={[{ value: 1, label: "Casa Matriz" }]} value={ids} onChange={setIds}
 *                allLabel="Todos" />
 */
import { ChevronDown } from "lucide-react";
import { Menu, MenuCheckboxItem, MenuSeparator } from "./menu";
import { toggleValue, type Option } from "./select";

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
