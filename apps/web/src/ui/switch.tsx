/**
 * An on/off switch with its label (Radix Switch: role="switch", Space/Enter toggle it, the label is clickable).
 *
 *   <Switch label="En línea" checked={online} onCheckedChange={setOnline} />
 */
import { Switch as SwitchPrimitive } from "radix-ui";
import { useId } from "react";

export interface SwitchProps {
  label: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
}

export function Switch({ label, checked, onCheckedChange, disabled }: SwitchProps) {
  const id = useId();
  return (
    <div className="switch">
      <label htmlFor={id}>{label}</label>
      <SwitchPrimitive.Root
        id={id}
        className="switch-track"
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
      >
        <SwitchPrimitive.Thumb className="switch-thumb" />
      </SwitchPrimitive.Root>
    </div>
  );
}
