import { loginFailures, queryRows, realtimeEvents } from "@taller/db";
import { createTestDatabase, type TestDatabase } from "@taller/testing";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { busReady, createEventBus, type BusEvent, type EventBus } from "../src/events";
import { withTransaction } from "../src/transaction";

let tdb: TestDatabase;
let bus: EventBus;
beforeAll(async () => {
  tdb = await createTestDatabase();
  bus = createEventBus(tdb.database);
  await busReady(bus);
  return async () => {
    await bus.close();
    await tdb.drop();
  };
});

/** Collects delivered events until `until` matches one of them. */
function collectUntil(until: (e: BusEvent) => boolean) {
  const received: BusEvent[] = [];
  let off = () => {};
  const done = new Promise<BusEvent[]>((resolve) => {
    off = bus.subscribe((event) => {
      received.push(event);
      if (until(event)) resolve(received);
    });
  });
  return { received, done: done.finally(() => off()) };
}

const failuresOf = (email: string) =>
  tdb.database.db.select({ id: loginFailures.id }).from(loginFailures).where(eq(loginFailures.email, email));

describe("withTransaction", () => {
  it("rolls back every write and every event when a later write fails", async () => {
    const sentinel = { type: "version.ready", companyId: null, payload: { version: "sentinel-1" } } as const;
    const seen = collectUntil((e) => e.type === "version.ready" && e.payload.version === "sentinel-1");
    const failing = withTransaction({ db: tdb.database.db, bus }, async (tx) => {
      await tx.db.insert(loginFailures).values({ email: "rollback@test", ip: "10.0.0.1" });
      await tx.emit({ type: "user.updated", companyId: 1, payload: { id: 41 } });
      // The second write breaks a NOT NULL constraint.
      await tx.db.insert(loginFailures).values({ email: null as never, ip: "10.0.0.1" });
    });
    await expect(failing).rejects.toThrow();

    expect(await failuresOf("rollback@test")).toEqual([]);
    expect(await tdb.database.db.select().from(realtimeEvents).where(eq(realtimeEvents.type, "user.updated"))).toEqual(
      [],
    );
    // Events are delivered in commit order, so the rolled-back one would have come before this one.
    await bus.publish(sentinel);
    expect((await seen.done).map((e) => e.type)).toEqual(["version.ready"]);
  });

  it("delivers an event only after COMMIT, when what it announces is readable", async () => {
    const email = "visible@test";
    const readable: boolean[] = [];
    const seen = collectUntil((e) => e.type === "user.updated" && e.payload.id === 42);
    const unsubscribe = bus.subscribe((e) => {
      if (e.type !== "user.updated" || e.payload.id !== 42) return;
      // Read through the bus's own database handle (another connection on PostgreSQL), as a subscriber would.
      void failuresOf(email).then((rows) => readable.push(rows.length === 1));
    });
    const deliveredBeforeCommit = await withTransaction({ db: tdb.database.db, bus }, async (tx) => {
      await tx.db.insert(loginFailures).values({ email, ip: "10.0.0.2" });
      await tx.emit({ type: "user.updated", companyId: 1, payload: { id: 42 } });
      // queryRows works inside the transaction and sees its uncommitted row.
      const [own] = await queryRows<{ n: number }>(
        tx.db,
        sql`select count(*)::int as n from login_failures where email = ${email}`,
      );
      expect(own!.n).toBe(1);
      // Give an early delivery (a NOTIFY outside the transaction, an emit before COMMIT) time to arrive.
      await new Promise((r) => setTimeout(r, 300));
      return seen.received.length;
    });
    expect(deliveredBeforeCommit).toBe(0);
    const [event] = await seen.done;
    expect(event).toMatchObject({ type: "user.updated", companyId: 1, payload: { id: 42 } });
    await expect.poll(() => readable).toEqual([true]);
    unsubscribe();
  });

  it("runs afterCommit work after COMMIT only", async () => {
    const ran: string[] = [];
    await withTransaction({ db: tdb.database.db, bus }, (tx) => {
      tx.afterCommit(() => ran.push("committed"));
      expect(ran).toEqual([]);
      return Promise.resolve();
    });
    await expect(
      withTransaction({ db: tdb.database.db, bus }, (tx) => {
        tx.afterCommit(() => ran.push("rolled back"));
        return Promise.reject(new Error("no"));
      }),
    ).rejects.toThrow("no");
    expect(ran).toEqual(["committed"]);
  });
});
