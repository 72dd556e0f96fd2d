/**
 * The one place tRPC is initialised: transformer, error shape, and the procedure builders whose names say who may
 * call them. Domain packages import only from here.
 */
import { createHash } from "node:crypto";
import type { Action, Can, Grant, Resource } from "@taller/core";
import { configureZodSpanish, isRestrictedToOwn, permissionChecker } from "@taller/core";
import type { Db } from "@taller/db";
import { documentTokens, workpointTokens } from "@taller/db";
import { initTRPC, isTrackedEnvelope, transformTRPCResponse, TRPCError } from "@trpc/server";
import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Context } from "./context";
import { databaseErrorToTRPC, fieldErrorsFromIssues, issuesOf, markDeliberate, publicError, userError } from "./errors";
import { RateLimiter } from "./rate-limit";
import { transformer } from "./transformer";

// Validation messages in Spanish for every procedure (zod's defaults are English).
configureZodSpanish();

const t = initTRPC.context<Context>().create({
  transformer,
  // Subscriptions travel over the WebSocket only (its Origin and session checks live there): no SSE over HTTP.
  sse: { enabled: false },
  errorFormatter({ shape, error }) {
    // CONFLICT too: a handler's field error for a lost race ('La hora ya no está disponible') marks its field.
    const issues = ["BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "CONFLICT"].includes(error.code)
      ? issuesOf(error.cause)
      : null;
    const { message, requestId } = publicError(error);
    return {
      ...shape,
      message,
      data: { ...shape.data, stack: undefined, requestId, fieldErrors: issues ? fieldErrorsFromIssues(issues) : null },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * The end of the frame tRPC's WebSocket adapter writes when a subscription yields `value` (a `tracked` envelope or
 * plain data): the same result object, through the same transformer, so the client reads it as it reads the
 * adapter's own. It names no subscription, so it is made once per event and appended to each subscription's head
 * (`{"id":…`, as in its 'started' frame).
 */
export function dataFrameTail(value: unknown): string {
  const result: { type: "data"; data: unknown; id?: string } = { type: "data", data: value };
  if (isTrackedEnvelope(value)) {
    const [id, data] = value;
    result.id = id;
    result.data = { id, data };
  }
  const response = transformTRPCResponse(t._config, { id: null, result }) as { result: unknown };
  return `,"result":${JSON.stringify(response.result)}}`;
}

/**
 * What the outermost middleware does with the result of the rest of the chain: broken database constraints become
 * client errors instead of 500s, and what the procedure threw is marked as written for users (the error formatter
 * hides the message of anything else).
 */
function settle<R extends { ok: true } | { ok: false; error: TRPCError }>(result: R): R {
  if (!result.ok) {
    const mapped = databaseErrorToTRPC(result.error.cause);
    if (mapped) throw mapped;
    markDeliberate(result.error);
  }
  return result;
}

/** Outermost, so it sees every error. */
const databaseErrors = t.middleware(async ({ next }) => settle(await next()));

const publicLimiter = new RateLimiter(600, 60_000);
/** Per-IP limit for anything anyone can call. */
const ipRateLimit = t.middleware(({ ctx, next }) => {
  const waitMs = publicLimiter.hit(ctx.ip);
  if (waitMs > 0)
    throw new TRPCError({
      code: "TOO_MANY_REQUESTS",
      message: `Demasiadas solicitudes. Intenta nuevamente en ${Math.ceil(waitMs / 1000)} segundos.`,
    });
  return next();
});

const baseProcedure = t.procedure.use(databaseErrors);

/** Anyone; rate limited per IP. */
export const publicProcedure = baseProcedure.use(ipRateLimit);

/**
 * The permission check of a grants list, built once per list: the session cache hands every request of a session
 * the same SessionUser, so its grants' Set is not rebuilt per request. Grants are never mutated (a role change
 * loads a new SessionUser).
 */
const checkers = new WeakMap<readonly Grant[], Can>();
function checkerOf(grants: readonly Grant[]): Can {
  let check = checkers.get(grants);
  if (!check) checkers.set(grants, (check = permissionChecker(grants)));
  return check;
}

/**
 * A logged-in staff member. Every query must filter by `ctx.companyId`. One middleware for the check and for what
 * databaseErrors does (settle): each layer of tRPC's chain copies the call's options and context, and staff
 * procedures are most of what the server runs.
 */
export const staffProcedure = t.procedure.use(async ({ ctx, next }) => {
  if (!ctx.user || !ctx.session || ctx.session.kind !== "staff")
    throw userError("UNAUTHORIZED", "Debes iniciar sesión");
  const user = ctx.user;
  const result = await next({
    ctx: {
      user,
      session: ctx.session,
      companyId: user.companyId,
      can: checkerOf(user.grants),
      /** True when the role may act on the resource only for records the user owns. */
      ownOnly: (action: Action, resource: Resource) => isRestrictedToOwn(user.grants, action, resource),
    },
  });
  return settle(result);
});

/** Permission gate: FORBIDDEN before the handler runs. Use as `staffProcedure.use(can("update", "check_in"))`. */
export function can(action: Action, resource: Resource) {
  return t.middleware(({ ctx, next }) => {
    const grants = ctx.user?.grants ?? [];
    if (!grants.some((g) => g.action === action && g.resource === resource)) {
      throw new TRPCError({ code: "FORBIDDEN", message: "No tienes acceso a esta información." });
    }
    return next();
  });
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export type TokenKind = "crm_token" | "access_token" | "zip_token" | "payment_token" | "budget_token" | "invoice_token";

/** Far longer than a link token needs (32 random bytes are 43 characters of base64url). */
const MAX_TOKEN_LENGTH = 200;

/** The unexpired document token of this kind, or null. Also used outside tRPC (the booking add-on's CSP header). */
export async function findDocumentToken(db: Db, kind: TokenKind, token: string) {
  const [doc] = await db
    .select()
    .from(documentTokens)
    .where(
      and(
        eq(documentTokens.tokenHash, sha256(token)),
        eq(documentTokens.kind, kind),
        or(isNull(documentTokens.expiresAt), gt(documentTokens.expiresAt, new Date())),
      ),
    )
    .limit(1);
  return doc ?? null;
}

/**
 * A link token that opens exactly one document. The input must carry `token`; the handler gets the document the
 * token was issued for, and nothing else.
 */
export function tokenProcedure(kind: TokenKind) {
  return publicProcedure.use(async ({ ctx, getRawInput, next }) => {
    const raw = (await getRawInput()) as { token?: unknown } | undefined;
    // No token at all is malformed input (as the input schema would say); a token that opens nothing is not allowed.
    // ...and so is one longer than any token issued: refused before it is hashed or looked up.
    if (typeof raw?.token !== "string" || raw.token.length > MAX_TOKEN_LENGTH) {
      throw new TRPCError({ code: "BAD_REQUEST", message: "Datos inválidos" });
    }
    const doc = await findDocumentToken(ctx.db, kind, raw.token);
    if (!doc) throw new TRPCError({ code: "UNAUTHORIZED", message: "Enlace inválido o expirado" });
    return next({
      ctx: { companyId: doc.companyId, document: { type: doc.documentType, id: doc.documentId } },
    });
  });
}

/** The work-point kiosk: a registered shared-screen device and a kiosk user session of the same company. */
export const kioskProcedure = baseProcedure.use(async ({ ctx, next }) => {
  if (!ctx.workpointToken) throw new TRPCError({ code: "UNAUTHORIZED", message: "Token de punto de trabajo inválido" });
  const [device] = await ctx.db
    .select({ companyId: workpointTokens.companyId })
    .from(workpointTokens)
    .where(eq(workpointTokens.tokenHash, sha256(ctx.workpointToken)))
    .limit(1);
  if (!device) throw new TRPCError({ code: "UNAUTHORIZED", message: "Token de punto de trabajo inválido" });
  if (!ctx.user || ctx.session?.kind !== "kiosk" || ctx.user.companyId !== device.companyId) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Debes ingresar tu código" });
  }
  return next({ ctx: { user: ctx.user, companyId: device.companyId, can: checkerOf(ctx.user.grants) } });
});

/** Platform operators, after e-mail + password + TOTP. */
export const managerProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.managerSession) throw new TRPCError({ code: "UNAUTHORIZED", message: "Debes iniciar sesión" });
  return next({ ctx: { managerSession: ctx.managerSession } });
});
