/**
 * A form's last lines: the error that names no field (the server's, in Spanish), 'Cancelar' and the submit button,
 * which shows the form being sent and is never silently disabled (`disabledReason`, as `Button`).
 *
 *   <FormFooter error={form.formState.errors.root?.server?.message} saving={form.formState.isSubmitting}
 *     submitLabel="Crear" onCancel={close} />
 *
 * `extra` goes between the two buttons (an event's 'Eliminar'); `className` places the buttons (dialog-actions).
 * Without `onCancel` there is no 'Cancelar': a page's own form (Recepción) or an inline 'Agregar' has nothing to close.
 * `variant` colours the submit ('danger' for 'Desactivar 2FA'); `readOnly` leaves it out, for a record the user may
 * only read (an event without the right to edit it), so the dialog still has its error and 'Cancelar'.
 */
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "./button";

export function FormFooter({
  error,
  saving,
  onCancel,
  submitLabel = "Guardar",
  disabledReason,
  extra,
  variant,
  readOnly = false,
  className = "dialog-actions",
}: {
  error?: string | null;
  saving: boolean;
  onCancel?(): void;
  submitLabel?: ReactNode;
  disabledReason?: string | null;
  extra?: ReactNode;
  variant?: ButtonProps["variant"];
  readOnly?: boolean;
  className?: string;
}) {
  return (
    <>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {/* A read-only record with nothing to close (a client's page without the right to edit) has no row. */}
      {(onCancel || extra || !readOnly) && (
        <div className={className}>
          {onCancel && (
            <Button variant="text" onClick={onCancel}>
              Cancelar
            </Button>
          )}
          {extra}
          {!readOnly && (
            <Button type="submit" variant={variant} loading={saving} disabledReason={disabledReason}>
              {submitLabel}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
