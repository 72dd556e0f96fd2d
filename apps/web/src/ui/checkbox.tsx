/**
 * A labelled checkbox (Radix Checkbox; Space toggles it, the label is clickable).
 *
 *   <Checkbox label="Activo" checked={active} onCheckedChange={setActive} />
 *   <Checkbox label="Todos" checked={some ? "indeterminate" : all} onCheckedChange={toggleAll} />
 */
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import { Check, Minus } from "lucide-react";
import { useId } from "react";

export interface CheckboxProps {
  label: string;
  checked: boolean | "indeterminate";
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
}

export function Checkbox({ label, checked, onCheckedChange, disabled }: CheckboxProps) {
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
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
