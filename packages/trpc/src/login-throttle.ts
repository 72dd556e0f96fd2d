import { present } from "@taller/core";
import type { Db } from "@taller/db";
import { loginFailures } from "@taller/db";
import { TRPCError } from "@trpc/server";
import { and, eq, gt, lt, ne, or, sql } from "drizzle-orm";

/** Failed-login limits (per account and per IP), kept in the database so they hold across server processes. */
export const LOGIN_LIMITS = {
  /** Failures of an account in the last hour, successes or not: only the hour's passing clears them. */
  accountPerHour: 100,
  /** Failures in a row (since the account's last success) that lock the account for a short while. */
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

export function lockoutMessage(waitMs: number, what = "Demasiados intentos fallidos"): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `${what}. Intenta nuevamente en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}

/** Who an attempt is counted against: the account (an e-mail, or a key such as `mail-change:<user id>`) and the IP. */
export interface AttemptKey {
  account: string;
  ip: string;
}

/**
 * A reserved attempt: counted as a failure unless the check proves it was not one. No outcome deletes another
 * attempt's row: the windows (the account's hour, the address's quarter hour) keep every failure until it ages out,
 * so a caller who knows one credential cannot wipe the count of the guesses he makes between its uses.
 */
export interface Attempt {
  /**
   * The account's own credential was right: the reservation goes and the account's run of failures in a row ends.
   * Only for a key that names the one whose credential was proven (an e-mail, `mail-change:<user id>`), never for a
   * key that many credentials share (a kiosk device, a company): that would let any of them clear the others' guesses.
   */
  succeed(): Promise<void>;
  /** Not a failure, and proves nothing about the key's other attempts (right password with the code still to come; a
   * right kiosk code on a shared device): the reservation goes, every other count stays. */
  release(): Promise<void>;
}

/**
 * Reserves one attempt BEFORE the credential is verified, so concurrent guesses cannot all pass the check before
 * any failure is written. The reservation is a login_failures row inserted and committed on its own (so `db` must
 * not be a transaction), and only then are the other rows of the windows counted. With N concurrent attempts, the
 * one whose insert commits k-th sees at least k - 1 others, so at most `lockoutAfter` of them see fewer than the
 * limit and go on to verify; the rest are refused and withdraw their rows (a burst may so be refused whole: each
 * sees the others' reservations, which errs on the safe side). Rows of attempts that went on stay (a failure) until
 * they age out; a success only marks the account's ones as no longer in a row. One INSERT returning the count
 * could not do this: its snapshot predates the concurrent inserts, so all of them would see the same count. A row
 * lock per account would, but would hold a connection for the length of a password hash.
 */
export async function reserveAttempt(
  db: Db,
  key: AttemptKey,
  message: (waitMs: number) => string = (waitMs) => lockoutMessage(waitMs),
): Promise<Attempt> {
  const [own] = await db
    .insert(loginFailures)
    .values({ email: key.account, ip: key.ip })
    .returning({ id: loginFailures.id, createdAt: loginFailures.createdAt });
  const { id, createdAt } = present(own, "reserved login attempt");
  const now = createdAt.getTime();
  const withdraw = () => db.delete(loginFailures).where(eq(loginFailures.id, id));
  const wait = loginWaitMs(await countOtherAttempts(db, key, id, now), now);
  if (wait > 0) {
    await withdraw();
    throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: message(wait) });
  }
  return {
    succeed: async () => {
      await withdraw();
      await db
        .update(loginFailures)
        .set({ streakEnded: true })
        .where(and(eq(loginFailures.email, key.account), eq(loginFailures.streakEnded, false)));
    },
    release: async () => void (await withdraw()),
  };
}

/** The attempts of the windows other than `ownId`, for the account and for the IP, in one statement. */
async function countOtherAttempts(db: Db, key: AttemptKey, ownId: number, now: number): Promise<FailureCounts> {
  const hourAgo = new Date(now - 60 * 60_000);
  const quarterAgo = new Date(now - 15 * 60_000);
  const lockWindow = new Date(now - LOGIN_LIMITS.lockoutMs * 3);
  const account = eq(loginFailures.email, key.account);
  const recent = and(account, eq(loginFailures.streakEnded, false), gt(loginFailures.createdAt, lockWindow));
  const [row] = await db
    .select({
      accountLastHour: sql<number>`count(*) filter (where ${account})`.mapWith(Number),
      accountRecent: sql<number>`count(*) filter (where ${recent})`.mapWith(Number),
      accountLatestAt: sql<Date | null>`max(${loginFailures.createdAt}) filter (where ${recent})`.mapWith(
        loginFailures.createdAt,
      ),
      ipLast15Min:
        sql<number>`count(*) filter (where ${and(eq(loginFailures.ip, key.ip), gt(loginFailures.createdAt, quarterAgo))})`.mapWith(
          Number,
        ),
    })
    .from(loginFailures)
    .where(
      and(or(account, eq(loginFailures.ip, key.ip)), gt(loginFailures.createdAt, hourAgo), ne(loginFailures.id, ownId)),
    );
  return {
    accountLastHour: row?.accountLastHour ?? 0,
    accountRecent: row?.accountRecent ?? 0,
    accountLatestAt: row?.accountLatestAt ?? null,
    ipLast15Min: row?.ipLast15Min ?? 0,
  };
}

/** Drops attempts older than the longest window (an hour): no limit reads them. The server runs it hourly. */
export async function pruneLoginAttempts(db: Db, now = Date.now()): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now - 60 * 60_000)));
}
