/**
 * The server's answer to a failed submit, put on the form (lib/forms.ts): one helper for every form.
 *
 *   catch (error) { if (!markServerErrors(form, error)) console.error("x failed", error); }
 */
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { fieldErrorsOf } from "./api";

/**
 * The first message per field of a server error (empty when it marks no field). `under`: the form edits one field of
 * the input (budgets.addLine's `line`), so "line.quantity" marks the form's "quantity".
 */
function serverFieldMessages(error: unknown, under = ""): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrorsOf(error)).flatMap(([field, messages]) =>
      messages[0] && field.startsWith(under) && field.length > under.length
        ? [[field.slice(under.length), messages[0]]]
        : [],
    ),
  );
}

/**
 * Marks each field message of the server's error (zod issues and the handlers' `fieldError`, keyed by field path)
 * on that field; an error that marks no field becomes the form's own message, `formState.errors.root.server`.
 * Returns the field messages marked, so a form can react to one of its own (2FA's expired QR).
 */
export function markServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "setError">,
  error: unknown,
  under?: string,
): Record<string, string> {
  const marked = serverFieldMessages(error, under);
  for (const [field, message] of Object.entries(marked)) form.setError(field as Path<T>, { type: "server", message });
  if (Object.keys(marked).length === 0 && error instanceof Error)
    form.setError("root.server", { type: "server", message: error.message });
  return marked;
}
