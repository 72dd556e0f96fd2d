/**
 * A labelled checkbox (Radix Checkbox; Space toggles it, the label is clickable).
 *
 *   <Checkbox label="Activo" checked={active} onCheckedChange={setActive} />
 *   <Checkbox label="Todos" checked={some ? "indeterminate" : all} onCheckedChange={toggleAll} />
 *   <Checkbox label="Facturar #12" hideLabel … />   (the label for screen readers only: a box inside a clickable row)
 */
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import { Check, Minus } from "lucide-react";
import { useId } from "react";

export interface CheckboxProps {
  label: string;
  checked: boolean | "indeterminate";
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  /** Only screen readers read the label (a box in a list row, where the row's own click opens the record). */
  hideLabel?: boolean;
}

export function Checkbox({ label, checked, onCheckedChange, disabled, hideLabel }: CheckboxProps) {
  const id = useId();
  return (
    <div className="checkbox">
      <CheckboxPrimitive.Root
        id={id}
        className="checkbox-box"
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        disabled={disabled}
      >
        <CheckboxPrimitive.Indicator className="checkbox-indicator">
          {checked === "indeterminate" ? <Minus size={14} /> : <Check size={14} />}
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <label htmlFor={id} className={hideLabel ? "visually-hidden" : undefined}>
        {label}
      </label>
    </div>
  );
}
