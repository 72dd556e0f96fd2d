// What the setup pages (statuses, requirements) share: the list refetches when any administrator changes the
// setup, server field errors by field, and the delete confirmation.
import { fieldErrorsOf } from "../../lib/api";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";

/** The first server message for a field ("booking_addon.allowed_domains"), if any. */
export const firstError = (error: unknown, field: string): string | undefined => fieldErrorsOf(error)[field]?.[0];

/** A message for the form as a whole: the error's own, when it names no field. */
export const formError = (error: unknown): string | undefined =>
  error && Object.keys(fieldErrorsOf(error)).length === 0 ? (error as { message?: string }).message : undefined;

/** Refetches with `refresh` on `company.setup_changed`: two administrators see each other's changes. */
export function useSetupChanged(refresh: () => Promise<void>): void {
  trpc.company.onEvent.useSubscription(undefined, {
    onData: (event) => {
      if (event.data.type === "company.setup_changed") void refresh();
    },
  });
}

export function ConfirmDelete({ title, description, open, pending, onCancel, onConfirm }: {
  title: string;
  description: string | undefined;
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      title={title}
      description={description}
      actions={
        <>
          <Button variant="text" onClick={onCancel}>
            Cancelar
          </Button>
          <Button variant="danger" loading={pending} onClick={onConfirm}>
            Eliminar
          </Button>
        </>
      }
    />
  );
}
