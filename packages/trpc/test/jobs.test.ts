import { queryRows } from "@taller/db";
import { createTestDatabase, testServerUrl, type TestDatabase } from "@taller/testing";
import type { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { JOB_KINDS, oneJobAtATime } from "../src/jobs";

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
  return () => tdb.drop();
});

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as TRPCError,
  );

describe("one job per user at a time", () => {
  it("refuses a second job of the same user while the first runs, in this process; other users run", async () => {
    const db = tdb.database.db;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = oneJobAtATime(db, "orders_export", 7, () => held.then(() => "done"));
    const error = await refusal(oneJobAtATime(db, "orders_export", 7, () => Promise.resolve("again")));
    expect(error?.code).toBe("TOO_MANY_REQUESTS");
    expect(error?.message).toMatch(/^Ya tienes una exportación en curso/);
    release();
    expect(await first).toBe("done");
    expect(await oneJobAtATime(db, "orders_export", 7, () => Promise.resolve("next"))).toBe("next");
  });

  // Another server process holds the lock: simulated by a second connection holding the same advisory lock. PGlite
  // is one connection inside one process, so this runs on PostgreSQL only (TEST_DATABASE_URL).
  it.runIf(testServerUrl())(
    "refuses a job another server process runs for the user (PostgreSQL advisory lock)",
    async () => {
      const db = tdb.database.db;
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const other = db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${JOB_KINDS.orders_export}, 8)`);
        locked();
        await held;
      });
      await isLocked;
      expect((await refusal(oneJobAtATime(db, "orders_export", 8, () => Promise.resolve(1))))?.code).toBe(
        "TOO_MANY_REQUESTS",
      );
      release();
      await other;
      expect(await oneJobAtATime(db, "orders_export", 8, () => Promise.resolve(2))).toBe(2);
      // The lock went with the transaction.
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      expect(row?.n).toBe(0);
    },
  );
});
