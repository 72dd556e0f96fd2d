import type { Db } from "@taller/db";
import { loginFailures } from "@taller/db";
import { TRPCError } from "@taller/trpc";
import { and, count, eq, gt, max } from "drizzle-orm";

/** Failed-login limits (per account and per IP), kept in the database so they hold across server processes. */
export const LOGIN_LIMITS = {
  accountPerHour: 100,
  /** Failures in a row (since the last success) that lock the account for a short while. */
  lockoutAfter: 5,
  lockoutMs: 5 * 60_000,
  ipPer15Min: 50,
} as const;

export interface FailureCounts {
  accountLastHour: number;
  accountRecent: number;
  accountLatestAt: Date | null;
  ipLast15Min: number;
}

/** Pure decision: milliseconds until the next attempt may be made, or 0. */
export function loginWaitMs(counts: FailureCounts, now: number): number {
  if (counts.accountLastHour >= LOGIN_LIMITS.accountPerHour) return 60 * 60_000;
  if (counts.ipLast15Min >= LOGIN_LIMITS.ipPer15Min) return 15 * 60_000;
  if (counts.accountRecent >= LOGIN_LIMITS.lockoutAfter && counts.accountLatestAt) {
    return Math.max(0, counts.accountLatestAt.getTime() + LOGIN_LIMITS.lockoutMs - now);
  }
  return 0;
}

export function lockoutMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Demasiados intentos fallidos. Intenta nuevamente en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}

export async function countFailures(db: Db, email: string, ip: string, now: number): Promise<FailureCounts> {
  const hourAgo = new Date(now - 60 * 60_000);
  const quarterAgo = new Date(now - 15 * 60_000);
  const lockWindow = new Date(now - LOGIN_LIMITS.lockoutMs * 3);
  const [[hour], [recent], [byIp]] = await Promise.all([
    db.select({ n: count() }).from(loginFailures).where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, hourAgo))),
    db
      .select({ n: count(), latest: max(loginFailures.createdAt) })
      .from(loginFailures)
      .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, lockWindow))),
    db.select({ n: count() }).from(loginFailures).where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, quarterAgo))),
  ]);
  return {
    accountLastHour: hour?.n ?? 0,
    accountRecent: recent?.n ?? 0,
    accountLatestAt: recent?.latest ?? null,
    ipLast15Min: byIp?.n ?? 0,
  };
}

/** Refuses (TOO_MANY_REQUESTS, saying how long to wait) while the account or the IP is over its failed-login limits. */
export async function assertLoginAllowed(db: Db, email: string, ip: string): Promise<void> {
  const now = Date.now();
  const wait = loginWaitMs(await countFailures(db, email, ip, now), now);
  if (wait > 0) throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: lockoutMessage(wait) });
}

export async function recordFailure(db: Db, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ email, ip });
}

/** A successful login clears the account's streak (the hourly cap cannot be reached without the password). */
export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
