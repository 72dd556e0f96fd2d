/**
 * A round button showing only an icon; its label is the accessible name and the tooltip.
 *
 *   <IconButton label="Abrir menú" onClick={…}><Menu /></IconButton>
 */
import type { ButtonHTMLAttributes, Ref } from "react";
import { Tooltip } from "./tooltip";

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** What the button does, for screen readers and the tooltip. */
  label: string;
  ref?: Ref<HTMLButtonElement>;
}

export function IconButton({ label, className, children, type = "button", ...rest }: IconButtonProps) {
  return (
    <Tooltip content={label}>
      <button {...rest} type={type} aria-label={label} className={`icon-btn${className ? ` ${className}` : ""}`}>
        {children}
      </button>
    </Tooltip>
  );
}
