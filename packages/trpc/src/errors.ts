import { TRPCError } from "@trpc/server";

interface Issue {
  path?: readonly (PropertyKey | { key: PropertyKey })[];
  message: string;
}

export interface FieldErrors {
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
}

/** Turns validation issues (zod or any standard schema) into the shape forms use to mark fields invalid. */
export function fieldErrorsFromIssues(issues: readonly Issue[]): FieldErrors {
  const out: FieldErrors = { formErrors: [], fieldErrors: {} };
  for (const issue of issues) {
    const path = (issue.path ?? []).map((p) => (typeof p === "object" ? p.key : p)).map(String);
    if (path.length === 0) out.formErrors.push(issue.message);
    else (out.fieldErrors[path.join(".")] ??= []).push(issue.message);
  }
  return out;
}

export function issuesOf(cause: unknown): readonly Issue[] | null {
  const issues = (cause as { issues?: unknown } | null | undefined)?.issues;
  return Array.isArray(issues) ? (issues as Issue[]) : null;
}

/** A field error raised by a handler (not by the input schema), e.g. "wrong current password". */
export function fieldError(code: TRPCError["code"], field: string, message: string): TRPCError {
  return new TRPCError({ code, message, cause: { issues: [{ path: [field], message }] } });
}

/**
 * Maps PostgreSQL errors that mean "your input broke a rule" to client errors: constraints are how the database
 * guards money, dates and capacity, and a broken one is the caller's mistake, not a server failure.
 */
export function databaseErrorToTRPC(error: unknown): TRPCError | null {
  const code = findPgCode(error);
  if (!code) return null;
  if (code === "23505") return new TRPCError({ code: "CONFLICT", message: "El registro ya existe", cause: error });
  if (code === "40001" || code === "40P01")
    return new TRPCError({ code: "CONFLICT", message: "Conflicto de escritura, intenta nuevamente", cause: error });
  if (code.startsWith("23") || code.startsWith("22"))
    return new TRPCError({ code: "BAD_REQUEST", message: "Datos inválidos", cause: error });
  return null;
}

function findPgCode(error: unknown): string | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}
