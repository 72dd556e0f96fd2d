/**
 * Field messages for forms, from the browser's own check and from the server, in one shape: field -> message.
 *
 *   const check = changePasswordSchema.safeParse(values);          // a schema from @taller/core
 *   if (!check.success) return setErrors(issueMessages(check.error.issues));
 *   …mutation fails… setErrors(serverFieldMessages(error));        // zod or handler field errors from the server
 */
import { fieldErrorsOf } from "./api";

/** The first message per field of a failed validation. */
export function issueMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join(".");
    out[field] ??= issue.message;
  }
  return out;
}

/** The first message per field of a server error (empty when it marks no field). */
export function serverFieldMessages(error: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrorsOf(error)).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])),
  );
}
