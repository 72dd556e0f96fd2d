import type { Db } from "@taller/db";
import { sessions, userDevices } from "@taller/db";
import {
  emitSessionsEnded,
  loadSessionUser,
  type Context,
  type EventBus,
  type SessionInfo,
  type SessionUser,
  type Transaction,
} from "@taller/trpc";
import { and, eq, inArray, ne } from "drizzle-orm";
import { readCookie } from "@taller/trpc";
import { parseDevice } from "./device";
import { getLucia, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from "./lucia";

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
/**
 * Counts the sessions ended in this process (by a write here or an event from anywhere). A validation that saw a
 * session end while it was reading the database does not cache what it read: the ended session could otherwise
 * come back into the cache after its eviction and outlive its logout by up to CACHE_MS.
 */
let endings = 0;
/**
 * Validations under way, by session and cookie flavour: requests of one session that miss the cache together (a
 * screen's parallel calls, or every in-flight call when its cache entry expires under load) share one database
 * validation instead of each running its own. Dropped when a session ends, so a request after the end never joins a
 * validation that started before it.
 */
const pending = new Map<string, Promise<Validated>>();

/** A validation's answer, and the cookie every request that shares it must set (renewed or blanked), if any. */
interface Validated {
  value: Authenticated | null;
  cookie: string | null;
}

function forget(ids: readonly string[]) {
  endings += 1;
  for (const id of ids) {
    cache.delete(id);
    pending.delete(pendingKey(id, true));
    pending.delete(pendingKey(id, false));
  }
}

const pendingKey = (sessionId: string, secure: boolean) => `${secure ? "s" : "-"}${sessionId}`;

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
  const hit = cache.get(sessionId);
  if (hit && hit.until > Date.now()) return hit.value;
  const key = pendingKey(sessionId, opts.secure);
  let running = pending.get(key);
  if (!running) {
    running = validate(db, sessionId, opts.secure).finally(() => {
      if (pending.get(key) === running) pending.delete(key);
    });
    pending.set(key, running);
  }
  const { value, cookie } = await running;
  if (cookie) opts.setCookie?.(cookie);
  return value;
}

/** One validation against the database; cached unless a session ended meanwhile. */
async function validate(db: Db, sessionId: string, secure: boolean): Promise<Validated> {
  const now = Date.now();
  cache.delete(sessionId);
  const endingsBefore = endings;
  const lucia = getLucia(db, secure);
  const { session, user } = await lucia.validateSession(sessionId);
  if (!session || !user) return { value: null, cookie: lucia.createBlankSessionCookie().serialize() };
  if (now - session.createdAt.getTime() > SESSION_ABSOLUTE_MS) {
    await lucia.invalidateSession(session.id);
    return { value: null, cookie: lucia.createBlankSessionCookie().serialize() };
  }
  const cookie = session.fresh ? lucia.createSessionCookie(session.id).serialize() : null;
  const sessionUser = await loadSessionUser(db, user.id);
  if (!sessionUser) return { value: null, cookie };
  const value: Authenticated = { session: { id: session.id, kind: session.kind }, user: sessionUser };
  if (endings === endingsBefore) cache.set(sessionId, { value, until: now + CACHE_MS });
  return { value, cookie };
}

/**
 * Drops cached sessions that ended anywhere, and every cached session of a company whose setup changed (a role's
 * grants or name: its users' next request loads them again); returns the unsubscribe function.
 */
export function watchSessionEvents(bus: EventBus, onEnded?: (sessionIds: string[]) => void): () => void {
  return bus.subscribe((event) => {
    if (event.type === "company.setup_changed") {
      forget([...cache].filter(([, entry]) => entry.value.user.companyId === event.companyId).map(([id]) => id));
      return;
    }
    if (event.type !== "session.ended") return;
    const ids = event.payload.sessionIds;
    forget(ids);
    onEnded?.(ids);
  });
}

/** What session writes need of the request besides the transaction. */
type Browser = Pick<Context, "secure" | "userAgent" | "setCookie">;

/** Starts a session for the user and records the device it came from; the cookie is set once the session commits. */
export async function startSession(
  tx: Transaction,
  browser: Browser,
  user: { id: number; companyId: number },
  kind: "staff" | "kiosk" = "staff",
): Promise<string> {
  const lucia = getLucia(tx.db, browser.secure);
  const session = await lucia.createSession(user.id, { createdAt: new Date(), kind });
  await tx.db.insert(userDevices).values({
    companyId: user.companyId,
    userId: user.id,
    sessionId: session.id,
    ...parseDevice(browser.userAgent),
  });
  tx.afterCommit(() => browser.setCookie(lucia.createSessionCookie(session.id).serialize()));
  return session.id;
}

/** Ends sessions (their devices go with them) and tells every process, after COMMIT, to close their WebSockets. */
export async function endSessions(tx: Transaction, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await tx.db.delete(sessions).where(inArray(sessions.id, sessionIds));
  tx.afterCommit(() => forget(sessionIds));
  await emitSessionsEnded(tx, sessionIds);
}

/** Ends every session of the user except `keep`. */
export async function endOtherSessions(tx: Transaction, userId: number, keep: string): Promise<string[]> {
  const others = await tx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep)));
  const ids = others.map((s) => s.id);
  await endSessions(tx, ids);
  return ids;
}

/**
 * Replaces the current session by a new one on the same device (after a credential change, so a stolen session
 * id stops working). The device row follows the new session.
 */
export async function rotateSession(
  tx: Transaction,
  browser: Browser,
  current: SessionInfo,
  userId: number,
): Promise<string> {
  const lucia = getLucia(tx.db, browser.secure);
  const session = await lucia.createSession(userId, { createdAt: new Date(), kind: current.kind });
  await tx.db
    .update(userDevices)
    .set({ sessionId: session.id, updatedAt: new Date() })
    .where(eq(userDevices.sessionId, current.id));
  await endSessions(tx, [current.id]);
  tx.afterCommit(() => browser.setCookie(lucia.createSessionCookie(session.id).serialize()));
  return session.id;
}

export function blankSessionCookie(db: Db, secure: boolean): string {
  return getLucia(db, secure).createBlankSessionCookie().serialize();
}
