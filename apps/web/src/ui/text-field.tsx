/**
 * A labelled text input with an optional hint and error.
 *
 *   <TextField label="Correo" type="email" value={email} onChange={(e) => setEmail(e.target.value)}
 *              error={errors.email?.[0]} hint="Con este correo inicias sesión" />
 *
 * The error replaces the hint, marks the input aria-invalid and is announced; every other prop goes to <input>.
 */
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, id, className, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-message`;
  const message = error || hint;
  return (
    <div className={`field${error ? " field-invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={inputId}>{label}</label>
      <input
        {...rest}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
      />
      {message && (
        <div id={messageId} className={error ? "field-error" : "field-hint"} role={error ? "alert" : undefined}>
          {message}
        </div>
      )}
    </div>
  );
}
