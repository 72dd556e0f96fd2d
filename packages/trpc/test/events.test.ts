import { setTimeout as delay } from "node:timers/promises";
import { createDatabase } from "@taller/db";
import { createDatabaseUrl, createTestDatabase, postgresOnly, testServerUrl } from "@taller/testing";
import { migrateDatabase, realtimeEvents } from "@taller/db";
import { describe, expect, it } from "vitest";
import { busReady, createEventBus, type BusEvent, type EventBus } from "../src/events";

async function take(stream: AsyncIterable<BusEvent>, n: number): Promise<BusEvent[]> {
  const out: BusEvent[] = [];
  for await (const e of stream) {
    out.push(e);
    if (out.length === n) break;
  }
  return out;
}

describe("event bus", () => {
  it("persists events, streams a company's and platform events, and resumes after the last id", async () => {
    const tdb = await createTestDatabase();
    const bus = createEventBus(tdb.database);
    await busReady(bus);
    try {
      const first = await bus.publish({ companyId: 1, type: "user.updated", payload: { id: 10 } });
      await bus.publish({ companyId: 2, type: "user.updated", payload: { id: 20 } });
      await bus.publish({ companyId: 1, type: "user.updated", payload: { id: 11 } });

      // Resuming after the first event replays the missed one of company 1, skipping company 2's.
      const controller = new AbortController();
      const stream = bus.stream({ companyId: 1, lastEventId: first.id, signal: controller.signal });
      const replayAndLive = take(stream, 3);
      // One after another: concurrent publishes may commit, and so arrive, in either order.
      // Awaited with the stream, so a failed publish fails the test instead of going unnoticed.
      const publishing = delay(30).then(async () => {
        await bus.publish({ companyId: 2, type: "user.updated", payload: { id: 21 } });
        await bus.publish({ companyId: null, type: "version.ready", payload: { version: "2" } });
        await bus.publish({ companyId: 1, type: "user.updated", payload: { id: 12 } });
      });
      const [got] = await Promise.all([replayAndLive, publishing]);
      controller.abort();
      expect(got.map((e) => [e.type, e.payload])).toEqual([
        ["user.updated", { id: 11 }],
        ["version.ready", { version: "2" }],
        ["user.updated", { id: 12 }],
      ]);
    } finally {
      await bus.close();
      await tdb.drop();
    }
  });

  it("refuses payloads over the NOTIFY limit, payloads off their schema and events of the wrong scope", async () => {
    const tdb = await createTestDatabase();
    const bus = createEventBus(tdb.database);
    try {
      const sessionIds = Array.from({ length: 100 }, (_, i) => `${i}`.padStart(100, "s"));
      await expect(bus.publish({ companyId: null, type: "session.ended", payload: { sessionIds } })).rejects.toThrow(
        /too large/,
      );
      await expect(
        bus.publish({ companyId: 1, type: "user.updated", payload: { id: "1" as never } }),
      ).rejects.toThrow();
      await expect(
        bus.publish({ companyId: 1 as never, type: "version.ready", payload: { version: "2" } }),
      ).rejects.toThrow(/platform-wide/);
      expect(await tdb.database.db.select().from(realtimeEvents)).toEqual([]);
    } finally {
      await bus.close();
      await tdb.drop();
    }
  });

  it.skipIf(!testServerUrl())(
    postgresOnly("delivers across two connections to one PostgreSQL (LISTEN/NOTIFY)"),
    async () => {
      const created = (await createDatabaseUrl())!;
      const a = await createDatabase({ url: created.url, max: 2 });
      await migrateDatabase(a);
      const b = await createDatabase({ url: created.url, max: 2 });
      const busA: EventBus = createEventBus(a);
      const busB: EventBus = createEventBus(b);
      await Promise.all([busReady(busA), busReady(busB)]);
      try {
        const controller = new AbortController();
        const received = take(busA.stream({ companyId: 7, signal: controller.signal }), 1);
        await new Promise((r) => setTimeout(r, 20));
        const sent = await busB.publish({ companyId: 7, type: "user.updated", payload: { id: 1 } });
        const [got] = await received;
        controller.abort();
        expect(got).toEqual(sent);
      } finally {
        await busA.close();
        await busB.close();
        await a.close();
        await b.close();
        await created.drop();
      }
    },
  );
});
