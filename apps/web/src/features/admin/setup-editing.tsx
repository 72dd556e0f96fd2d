// What the setup pages' dialogs share (statuses, requirements, preferences): server field errors by field and a row's
// 'Editar'. Deleting is setup-forms.tsx's ConfirmDelete on every page; each page refetches on
// company.setup_changed through lib/setup-events.ts.
import { fieldErrorsOf } from "../../lib/api";
import { Button } from "../../ui/button";

/** The first server message for a field ("booking_addon.allowed_domains"), if any. */
export const firstError = (error: unknown, field: string): string | undefined => fieldErrorsOf(error)[field]?.[0];

/** A message for the form as a whole: the error's own, when it names no field. */
export const formError = (error: unknown): string | undefined =>
  error && Object.keys(fieldErrorsOf(error)).length === 0 ? (error as { message?: string }).message : undefined;

export function EditButton({ name, onEdit }: { name: string; onEdit: () => void }) {
  return (
    <Button variant="text" onClick={onEdit} aria-label={`Editar ${name}`}>
      Editar
    </Button>
  );
}
