/**
 * A round button showing only an icon; its label is the accessible name and the tooltip.
 *
 *   <IconButton label="Abrir menú" onClick={…}><Menu /></IconButton>
 *   <IconButton label="Quitar línea" loading={removing} disabledReason={last ? "Debe quedar una línea" : null}>…
 *
 * Like `Button`, it is never silently disabled: `disabledReason` makes it inert and its tooltip says why (a disabled
 * button would swallow the hover that shows the tooltip, so it is aria-disabled instead); `loading` shows a spinner.
 */
import type { ButtonHTMLAttributes, Ref } from "react";
import { Spinner } from "./spinner";
import { Tooltip } from "./tooltip";

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** What the button does, for screen readers and the tooltip. */
  label: string;
  ref?: Ref<HTMLButtonElement>;
  /** While its action runs: a spinner, and no second press. */
  loading?: boolean;
  /** Why it cannot be pressed now (its tooltip), or null when it can. */
  disabledReason?: string | null;
}

export function IconButton({
  label,
  className,
  children,
  type = "button",
  loading = false,
  disabledReason,
  disabled,
  onClick,
  ...rest
}: IconButtonProps) {
  const inert = Boolean(disabledReason);
  return (
    <Tooltip content={disabledReason ? `${label}: ${disabledReason}` : label}>
      <button
        {...rest}
        type={type}
        aria-label={label}
        aria-disabled={inert || undefined}
        aria-busy={loading || undefined}
        disabled={disabled || loading}
        onClick={inert ? undefined : onClick}
        className={`icon-btn${className ? ` ${className}` : ""}`}
      >
        {loading ? <Spinner size={16} /> : children}
      </button>
    </Tooltip>
  );
}
