// What the setup pages (statuses, requirements) share: server field errors by field, a row's 'Editar' and delete
// buttons, and the delete confirmation (each page refetches on company.setup_changed through lib/setup-events.ts).
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { fieldErrorsOf } from "../../lib/api";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { IconButton } from "../../ui/icon-button";
import { useSnackbar } from "../../ui/snackbar";

/** The first server message for a field ("booking_addon.allowed_domains"), if any. */
export const firstError = (error: unknown, field: string): string | undefined => fieldErrorsOf(error)[field]?.[0];

/** A message for the form as a whole: the error's own, when it names no field. */
export const formError = (error: unknown): string | undefined =>
  error && Object.keys(fieldErrorsOf(error)).length === 0 ? (error as { message?: string }).message : undefined;

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

/** The row being deleted (asked to confirm) and its mutation's callbacks: close, say so, refetch. */
export function useDeleting<T>(refresh: () => Promise<void>, done: string) {
  const snackbar = useSnackbar();
  const [deleting, setDeleting] = useState<T | null>(null);
  const callbacks = {
    onSuccess: async () => {
      setDeleting(null);
      snackbar.show(done, { tone: "success", duration: 2000 });
      await refresh();
    },
    onError: (error: { message: string }) => {
      setDeleting(null);
      snackbar.show(error.message, { tone: "error" });
    },
  };
  return { deleting, setDeleting, callbacks };
}

export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button variant="text" onClick={onEdit} aria-label={`Editar ${name}`}>
        Editar
      </Button>
      <IconButton label={`Eliminar ${name}`} onClick={onDelete}>
        <Trash2 size={16} />
      </IconButton>
    </>
  );
}

/** A setup dialog's last lines: the error that names no field, 'Cancelar' and 'Guardar'. */
export function SaveFooter({ error, saving, onCancel }: { error: unknown; saving: boolean; onCancel: () => void }) {
  const general = formError(error);
  return (
    <>
      {general && <p role="alert">{general}</p>}
      <div className="dialog-actions">
        <Button variant="text" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" loading={saving}>
          Guardar
        </Button>
      </div>
    </>
  );
}
