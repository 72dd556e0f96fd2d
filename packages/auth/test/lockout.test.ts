/**
 * The lockout holds against concurrent guesses: every attempt is reserved before its credential is verified, so 50
 * wrong passwords sent at once get at most `lockoutAfter` verifications. Run on PostgreSQL too
 * (TEST_DATABASE_URL=...): several connections are where the race shows.
 */
import { loginFailures } from "@taller/db";
import { createCallerFactory, TRPCError } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountRouter, authRouter, LOGIN_LIMITS, pruneLoginAttempts } from "../src";

const auth = createCallerFactory(authRouter);
const account = createCallerFactory(accountRouter);
const app = useSeededApp();

const LOCKED = /^Demasiados intentos fallidos\. Intenta nuevamente en \d+ minutos?\.$/;

/** How many calls failed with each error code. */
async function outcomes(calls: Promise<unknown>[]): Promise<Record<string, number>> {
  const settled = await Promise.allSettled(calls);
  const counts: Record<string, number> = { UNAUTHORIZED: 0, TOO_MANY_REQUESTS: 0 };
  for (const s of settled) {
    const key = s.status === "fulfilled" ? "ok" : s.reason instanceof TRPCError ? s.reason.code : String(s.reason);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe("login lockout under concurrency", () => {
  it("verifies at most lockoutAfter of 50 parallel wrong passwords, then refuses the right one", async () => {
    const email = "admin@taller.demo";
    const visitor = { ...app.anonymous(), ip: "10.8.0.1" };
    const wrong = Array.from({ length: 50 }, (_, i) => auth(visitor).login({ email, password: `wrong-${i}` }));
    const counts = await outcomes(wrong);
    // UNAUTHORIZED is the answer of a verified password; the others were refused before verifying.
    expect(counts.UNAUTHORIZED).toBeLessThanOrEqual(LOGIN_LIMITS.lockoutAfter);
    expect(counts.UNAUTHORIZED! + counts.TOO_MANY_REQUESTS!).toBe(50);
    // Refused attempts withdraw their reservations: only the verified failures stay counted.
    const rows = await app.db().select().from(loginFailures).where(eq(loginFailures.email, email));
    expect(rows).toHaveLength(counts.UNAUTHORIZED!);

    // Locked once the limit is reached. A burst may be refused whole (each attempt sees the others' reservations);
    // then the failures are made one by one.
    for (let i = counts.UNAUTHORIZED!; i < LOGIN_LIMITS.lockoutAfter; i++) {
      await expect(auth(visitor).login({ email, password: "wrong" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    }
    const right = auth(visitor).login({ email, password: "demo1234" });
    await expect(right).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", message: expect.stringMatching(LOCKED) });
  });

  it("limits the settings credential checks the same way", async () => {
    const email = "tecnico@taller.demo";
    const ctx = { ...(await app.staff(email)), ip: "10.8.0.2" };
    const guesses = Array.from({ length: 50 }, (_, i) =>
      account(ctx).changePassword({
        old_password: `wrong-${i}`,
        password: "nueva123",
        password_confirmation: "nueva123",
      }),
    );
    const counts = await outcomes(guesses);
    expect(counts.UNAUTHORIZED).toBeLessThanOrEqual(LOGIN_LIMITS.lockoutAfter);
    expect(counts.UNAUTHORIZED! + counts.TOO_MANY_REQUESTS!).toBe(50);
  });

  it("lets the right password in below the limit, and the success ends the streak", async () => {
    const email = "asesor@taller.demo";
    const visitor = { ...app.anonymous(), ip: "10.8.0.3" };
    for (let i = 0; i < LOGIN_LIMITS.lockoutAfter - 1; i++) {
      await expect(auth(visitor).login({ email, password: "wrong" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    }
    expect(await auth(visitor).login({ email, password: "demo1234" })).toMatchObject({ status: "ok" });
    // The failures stay for the windows, out of the streak: four more wrong passwords, and the right one still works.
    const kept = await app.db().select().from(loginFailures).where(eq(loginFailures.email, email));
    expect(kept.map((r) => r.streakEnded)).toEqual(Array(LOGIN_LIMITS.lockoutAfter - 1).fill(true));
    for (let i = 0; i < LOGIN_LIMITS.lockoutAfter - 1; i++) {
      await expect(auth(visitor).login({ email, password: "wrong" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    }
    expect(await auth(visitor).login({ email, password: "demo1234" })).toMatchObject({ status: "ok" });
  });

  it("a success clears no window: right passwords slipped between guesses leave the address's failures counted", async () => {
    const email = "admin@otro.demo";
    const visitor = { ...app.anonymous(), ip: "10.8.0.4" };
    const outcomes: string[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.ipPer15Min * 2 && !outcomes.includes("TOO_MANY_REQUESTS"); i++) {
      const password = i % 5 === 4 ? "demo1234" : `wrong-${i}`;
      const answer = await auth(visitor)
        .login({ email, password })
        .then(
          (r) => r.status,
          (e: unknown) => (e instanceof TRPCError ? e.code : String(e)),
        );
      outcomes.push(answer);
    }
    // Refused once the address's window is full: its failures were not wiped by the account's successes.
    expect(outcomes.filter((o) => o === "UNAUTHORIZED")).toHaveLength(LOGIN_LIMITS.ipPer15Min);
    expect(outcomes.at(-1)).toBe("TOO_MANY_REQUESTS");
  });
});

describe("housekeeping", () => {
  it("prunes attempts older than the longest window (an hour) and keeps the rest", async () => {
    const account = "prune@taller.demo";
    const hour = 60 * 60_000;
    await app
      .db()
      .insert(loginFailures)
      .values([
        { email: account, ip: "10.9.0.1", createdAt: new Date(Date.now() - hour - 60_000) },
        { email: account, ip: "10.9.0.1", createdAt: new Date(Date.now() - hour + 60_000) },
      ]);
    await pruneLoginAttempts(app.db());
    const left = await app.db().select().from(loginFailures).where(eq(loginFailures.email, account));
    expect(left).toHaveLength(1);
    expect(left[0]?.createdAt.getTime()).toBeGreaterThan(Date.now() - hour);
  });
});
