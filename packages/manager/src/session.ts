import { randomBytes } from "node:crypto";
import type { Db } from "@taller/db";
import { managerSessions } from "@taller/db";
import type { ManagerSessionInfo } from "@taller/trpc";
import { readCookie, sha256 } from "@taller/trpc";
import { and, eq, gt } from "drizzle-orm";

/** Operators have their own cookie and session table, never mixed with staff sessions. */
export const MANAGER_COOKIE = "taller_manager";
/** An operator session lasts a working day; the login asks for a fresh authenticator code after that. */
export const MANAGER_SESSION_MS = 12 * 3600_000;

/**
 * The Set-Cookie value of the operator cookie: HttpOnly (scripts never see the token), SameSite=Strict (no other site
 * can make the browser send it) and limited to the API path the session is read on.
 */
export function managerCookie(token: string | null, secure: boolean): string {
  const parts = [`${MANAGER_COOKIE}=${token ?? ""}`, "Path=/", "HttpOnly", "SameSite=Strict"];
  parts.push(token ? `Max-Age=${MANAGER_SESSION_MS / 1000}` : "Max-Age=0");
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** Starts a session: the cookie carries the random token, the table only its hash (a leaked table opens nothing). */
export async function startManagerSession(db: Db, managerUserId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insert(managerSessions)
    .values({ id: sha256(token), managerUserId, expiresAt: new Date(Date.now() + MANAGER_SESSION_MS) });
  return token;
}

/** The operator session of a request's cookie, or null (the server's context builder calls it per request). */
export async function authenticateManager(
  db: Db,
  cookieHeader: string | undefined,
): Promise<ManagerSessionInfo | null> {
  const token = readCookie(cookieHeader, MANAGER_COOKIE);
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ id: managerSessions.id, managerUserId: managerSessions.managerUserId })
    .from(managerSessions)
    .where(and(eq(managerSessions.id, sha256(token)), gt(managerSessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}
