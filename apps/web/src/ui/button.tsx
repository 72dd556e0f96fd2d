/**
 * Buttons.
 *
 *   <Button onClick={save} loading={saving}>Guardar</Button>
 *   <Button variant="secondary" | "text" | "danger">…</Button>
 *
 * `loading` disables the button and shows a spinner; `type` defaults to "button" (pass type="submit" in forms).
 * A button is never silently disabled: `disabledReason` (a sentence, or null when it may be pressed) disables it and
 * shows why right after it, tied to it by aria-describedby (`.btn-reason` takes a line of its own in a wrapping row).
 *
 *   <Button type="submit" disabledReason={valid ? null : "Completa la fecha y la hora."}>Agendar</Button>
 */
import { type ButtonHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import { Spinner } from "./spinner";

type Variant = "primary" | "secondary" | "text" | "danger";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  loading?: boolean;
  /** An icon before the text. */
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
  /** Why the button cannot be pressed now, shown beside it; null or empty when it can. */
  disabledReason?: string | null;
}

export function Button({
  variant = "primary",
  loading = false,
  icon,
  disabled,
  className,
  children,
  type = "button",
  disabledReason,
  ...rest
}: ButtonProps) {
  const reasonId = useId();
  const button = (
    <button
      {...rest}
      type={type}
      className={`btn btn-${variant}${className ? ` ${className}` : ""}`}
      disabled={disabled || loading || Boolean(disabledReason)}
      aria-busy={loading || undefined}
      aria-describedby={disabledReason ? reasonId : rest["aria-describedby"]}
    >
      {loading ? <Spinner size={16} /> : icon}
      {children}
    </button>
  );
  if (!disabledReason) return button;
  return (
    <>
      {button}
      <span id={reasonId} className="btn-reason field-hint" role="status">
        {disabledReason}
      </span>
    </>
  );
}
