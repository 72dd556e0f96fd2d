/**
 * A form's last lines: the error that names no field (the server's, in Spanish), 'Cancelar' and the submit button,
 * which shows the form being sent and is never silently disabled (`disabledReason`, as `Button`).
 *
 *   <FormFooter error={form.formState.errors.root?.server?.message} saving={form.formState.isSubmitting}
 *     submitLabel="Crear" onCancel={close} />
 *
 * `extra` goes between the two buttons (an event's 'Eliminar'); `className` places the buttons (dialog-actions).
 * Without `onCancel` there is no 'Cancelar': a page's own form (Recepción) or an inline 'Agregar' has nothing to close.
 */
import type { ReactNode } from "react";
import { Button } from "./button";

export function FormFooter({
  error,
  saving,
  onCancel,
  submitLabel = "Guardar",
  disabledReason,
  extra,
  className = "dialog-actions",
}: {
  error?: string | null;
  saving: boolean;
  onCancel?(): void;
  submitLabel?: ReactNode;
  disabledReason?: string | null;
  extra?: ReactNode;
  className?: string;
}) {
  return (
    <>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className={className}>
        {onCancel && (
          <Button variant="text" onClick={onCancel}>
            Cancelar
          </Button>
        )}
        {extra}
        <Button type="submit" loading={saving} disabledReason={disabledReason}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
