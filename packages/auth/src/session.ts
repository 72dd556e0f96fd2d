import type { Db } from "@taller/db";
import { sessions, userDevices } from "@taller/db";
import { loadSessionUser, type Context, type EventBus, type SessionInfo, type SessionUser } from "@taller/trpc";
import { and, eq, inArray, ne } from "drizzle-orm";
import { readCookie } from "./cookies";
import { parseDevice } from "./device";
import { getLucia, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from "./lucia";

export const SESSION_ENDED = "session.ended";

interface Authenticated {
  session: SessionInfo;
  user: SessionUser;
}

/**
 * Validated sessions are kept a few seconds so a busy screen does not pay two queries per call. A session that
 * ends is dropped at once on every process through the event bus (see watchSessionEvents).
 */
const CACHE_MS = 10_000;
const cache = new Map<string, { value: Authenticated; until: number }>();

export function readSessionId(cookieHeader: string | undefined): string | null {
  return readCookie(cookieHeader, SESSION_COOKIE);
}

/**
 * Resolves the session cookie of a request. Renews the sliding expiry through Lucia (setCookie receives the new
 * cookie) and enforces the absolute lifetime.
 */
export async function authenticate(
  db: Db,
  cookieHeader: string | undefined,
  opts: { secure: boolean; setCookie?: (cookie: string) => void },
): Promise<Authenticated | null> {
  const sessionId = readSessionId(cookieHeader);
  if (!sessionId) return null;
  const now = Date.now();
  const hit = cache.get(sessionId);
  if (hit && hit.until > now) return hit.value;
  cache.delete(sessionId);

  const lucia = getLucia(db, opts.secure);
  const { session, user } = await lucia.validateSession(sessionId);
  if (!session || !user) {
    opts.setCookie?.(lucia.createBlankSessionCookie().serialize());
    return null;
  }
  if (now - session.createdAt.getTime() > SESSION_ABSOLUTE_MS) {
    await lucia.invalidateSession(session.id);
    opts.setCookie?.(lucia.createBlankSessionCookie().serialize());
    return null;
  }
  if (session.fresh) opts.setCookie?.(lucia.createSessionCookie(session.id).serialize());
  const sessionUser = await loadSessionUser(db, user.id);
  if (!sessionUser) return null;
  const value: Authenticated = { session: { id: session.id, kind: session.kind }, user: sessionUser };
  cache.set(sessionId, { value, until: now + CACHE_MS });
  return value;
}

/** Drops cached sessions that ended anywhere; returns the unsubscribe function. */
export function watchSessionEvents(bus: EventBus, onEnded?: (sessionIds: string[]) => void): () => void {
  return bus.subscribe((event) => {
    if (event.type !== SESSION_ENDED) return;
    const ids = (event.payload.sessionIds as string[] | undefined) ?? [];
    for (const id of ids) cache.delete(id);
    onEnded?.(ids);
  });
}

/** Starts a session for the user and records the device it came from; sets the cookie. */
export async function startSession(
  ctx: Pick<Context, "db" | "secure" | "userAgent" | "setCookie">,
  user: { id: number; companyId: number },
  kind: "staff" | "kiosk" = "staff",
): Promise<string> {
  const lucia = getLucia(ctx.db, ctx.secure);
  const session = await lucia.createSession(user.id, { createdAt: new Date(), kind });
  await ctx.db.insert(userDevices).values({
    companyId: user.companyId,
    userId: user.id,
    sessionId: session.id,
    ...parseDevice(ctx.userAgent),
  });
  ctx.setCookie(lucia.createSessionCookie(session.id).serialize());
  return session.id;
}

/** Ends sessions (their devices go with them) and tells every process to close their WebSockets. */
export async function endSessions(ctx: Pick<Context, "db" | "bus">, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await ctx.db.delete(sessions).where(inArray(sessions.id, sessionIds));
  for (const id of sessionIds) cache.delete(id);
  await ctx.bus.publish({ companyId: null, type: SESSION_ENDED, payload: { sessionIds } });
}

/** Ends every session of the user except `keep`. */
export async function endOtherSessions(ctx: Pick<Context, "db" | "bus">, userId: number, keep: string): Promise<string[]> {
  const others = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep)));
  const ids = others.map((s) => s.id);
  await endSessions(ctx, ids);
  return ids;
}

/**
 * Replaces the current session by a new one on the same device (after a credential change, so a stolen session
 * id stops working). The device row follows the new session.
 */
export async function rotateSession(
  ctx: Pick<Context, "db" | "bus" | "secure" | "setCookie">,
  current: SessionInfo,
  userId: number,
): Promise<string> {
  const lucia = getLucia(ctx.db, ctx.secure);
  const session = await lucia.createSession(userId, { createdAt: new Date(), kind: current.kind });
  await ctx.db.update(userDevices).set({ sessionId: session.id, updatedAt: new Date() }).where(eq(userDevices.sessionId, current.id));
  await endSessions(ctx, [current.id]);
  ctx.setCookie(lucia.createSessionCookie(session.id).serialize());
  return session.id;
}

export function blankSessionCookie(db: Db, secure: boolean): string {
  return getLucia(db, secure).createBlankSessionCookie().serialize();
}
