/**
 * The pieces the roles, locations and holidays pages share: a one-field name form (creating, or renaming with the
 * current name), and a delete button that asks first and shows the server's reason when it refuses.
 */
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { lazyPart } from "../../lib/lazy-part";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { IconButton } from "../../ui/icon-button";
import { useOutcome } from "../../ui/snackbar";

// The name form (react-hook-form) loads right after the page has painted: the list shows without waiting for it.
export const NameForm = lazyPart(() => import("./name-form").then((m) => m.NameForm));

/**
 * "Eliminar" → "¿Eliminar {what}?" → the deletion; a refusal (in use) is shown in the dialog, a deletion says so
 * ('Requerimiento eliminado', by default 'Se eliminó {what}'). `iconOnly` for rows with little room (the label stays
 * the button's accessible name and tooltip).
 */
export function ConfirmDelete({
  what,
  done = `Se eliminó ${what}`,
  iconOnly = false,
  onConfirm,
}: {
  what: string;
  done?: string;
  iconOnly?: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const outcome = useOutcome();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const ask = () => {
    setRefusal(null);
    setOpen(true);
  };
  async function confirm() {
    setPending(true);
    try {
      await onConfirm();
      setOpen(false);
      outcome.done(done);
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : "No se pudo eliminar");
    } finally {
      setPending(false);
    }
  }
  return (
    <>
      {iconOnly ? (
        <IconButton label={`Eliminar ${what}`} onClick={ask}>
          <Trash2 size={16} />
        </IconButton>
      ) : (
        <Button variant="danger" icon={<Trash2 size={16} aria-hidden />} onClick={ask} aria-label={`Eliminar ${what}`}>
          Eliminar
        </Button>
      )}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`¿Eliminar ${what}?`}
        actions={
          <>
            <Button variant="text" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button variant="danger" loading={pending} onClick={() => void confirm()}>
              Eliminar
            </Button>
          </>
        }
      >
        {refusal && (
          <p className="field-error" role="alert">
            {refusal}
          </p>
        )}
      </Dialog>
    </>
  );
}
