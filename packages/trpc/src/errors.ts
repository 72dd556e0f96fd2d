import { randomBytes } from "node:crypto";
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
 * Runs a write whose unique index may refuse it (a taken name, a second click that lost the race) and answers that
 * refusal on the field the user typed: the index decides, never a read before the write.
 */
export async function uniqueOnField<T>(write: Promise<T>, field: string, message: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (findPgCode(error) === "23505") throw fieldError("CONFLICT", field, message);
    throw error;
  }
}

/**
 * Runs a write whose field errors name the fields of its own input (a client's `rut`) and answers them under the
 * form's path to that input (`client.rut`), so the form marks the field the user typed.
 */
export async function underField<T>(parent: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const issues = error instanceof TRPCError ? issuesOf(error.cause) : null;
    if (!(error instanceof TRPCError) || !issues) throw error;
    const nested = issues.map((issue) => ({ ...issue, path: [parent, ...(issue.path ?? [])] }));
    throw new TRPCError({ code: error.code, message: error.message, cause: { issues: nested } });
  }
}

/**
 * Errors whose message was written for users: everything thrown by our procedures and middlewares (marked as it
 * leaves the procedure, see trpc.ts) and errors made with `userError` outside one (the HTTP adapter's refusals).
 * Anything else (tRPC's own transport errors, a subscription failing mid-stream) speaks English or leaks internals.
 */
const deliberate = new WeakSet<TRPCError>();

export function markDeliberate(error: TRPCError): TRPCError {
  deliberate.add(error);
  return error;
}

/** An error for users raised outside a procedure, e.g. by the HTTP adapter before any procedure runs. */
export function userError(code: TRPCError["code"], message: string): TRPCError {
  return markDeliberate(new TRPCError({ code, message }));
}

const references = new WeakMap<object, string>();

/** A short id naming one failure in the client's answer and in the server's log (the same id for the same error). */
export function errorReference(error: object): string {
  let id = references.get(error);
  if (!id) references.set(error, (id = randomBytes(6).toString("hex")));
  return id;
}

const INVALID_REQUEST = "Solicitud inválida";
/** What a client is told for an error that it must not see in detail, by tRPC code. */
const MESSAGE_BY_CODE: Partial<Record<TRPCError["code"], string>> = {
  BAD_REQUEST: INVALID_REQUEST,
  PARSE_ERROR: INVALID_REQUEST,
  UNAUTHORIZED: "Debes iniciar sesión",
  FORBIDDEN: "No tienes acceso a esta información.",
  NOT_FOUND: "No encontrado",
  METHOD_NOT_SUPPORTED: "Método no permitido",
  UNSUPPORTED_MEDIA_TYPE: "Formato de solicitud no aceptado",
  PAYLOAD_TOO_LARGE: "La solicitud es demasiado grande",
  TOO_MANY_REQUESTS: "Demasiadas solicitudes. Intenta nuevamente en unos segundos.",
  CONFLICT: "Conflicto de escritura, intenta nuevamente",
  TIMEOUT: "La solicitud tardó demasiado",
};

export const VALIDATION_MESSAGE = "Datos inválidos";

export interface PublicError {
  message: string;
  /** Set when the detail was hidden: the id under which the server logged it. */
  requestId: string | null;
}

/**
 * The message a client may see. Internal errors become a generic Spanish sentence plus a reference (the detail,
 * with SQL, parameters and stack, goes to the log under that reference); a message tRPC copied from its cause
 * (zod's JSON dump of issues, a JSON syntax error, a driver's text) becomes a short Spanish one by code; messages
 * written for users pass unchanged.
 */
export function publicError(error: TRPCError): PublicError {
  if (error.code === "INTERNAL_SERVER_ERROR") {
    const requestId = errorReference(error);
    return { message: `Ocurrió un error inesperado. Si se repite, informa el código ${requestId}.`, requestId };
  }
  const cause = error.cause;
  const copiedFromCause = cause instanceof Error && !(cause instanceof TRPCError) && error.message === cause.message;
  if (deliberate.has(error) && !copiedFromCause) return { message: error.message, requestId: null };
  if (copiedFromCause && issuesOf(cause)) return { message: VALIDATION_MESSAGE, requestId: null };
  return { message: MESSAGE_BY_CODE[error.code] ?? INVALID_REQUEST, requestId: null };
}

/**
 * Maps PostgreSQL errors that mean "your input broke a rule" to client errors: constraints are how the database
 * guards money, dates and capacity, and a broken one is the caller's mistake, not a server failure.
 */
export function databaseErrorToTRPC(error: unknown): TRPCError | null {
  const code = findPgCode(error);
  if (!code) return null;
  const mapped = (c: TRPCError["code"], message: string) =>
    markDeliberate(new TRPCError({ code: c, message, cause: error }));
  if (code === "23505") return mapped("CONFLICT", "El registro ya existe");
  if (code === "40001" || code === "40P01") return mapped("CONFLICT", "Conflicto de escritura, intenta nuevamente");
  if (code.startsWith("23") || code.startsWith("22")) return mapped("BAD_REQUEST", VALIDATION_MESSAGE);
  return null;
}

/** The PostgreSQL SQLSTATE of an error or of one of its causes (drizzle and the drivers wrap them), or null. */
export function findPgCode(error: unknown): string | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}
