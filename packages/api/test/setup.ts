import type { DemoFixtures } from "@taller/db/seed";
import { createSeededDatabase, type SeededTestDatabase } from "@taller/testing";
import { createEventBus, type EventBus } from "@taller/trpc";
import { staffContext } from "@taller/trpc/testing";
import { afterAll, beforeAll } from "vitest";
import { createCaller } from "../src";

/** One seeded database and bus per test file, with app-router callers for demo users. */
export function useSeededApp() {
  let tdb: SeededTestDatabase;
  let bus: EventBus;
  beforeAll(async () => {
    tdb = await createSeededDatabase();
    bus = createEventBus(tdb.database);
  });
  afterAll(async () => {
    await bus.close();
    await tdb.drop();
  });
  return {
    fx: (): DemoFixtures => tdb.fx,
    bus: () => bus,
    /** A caller logged in as `email` through a fresh session. */
    callerFor: async (email: string, signal?: AbortSignal) => createCaller(await staffContext(tdb.database, bus, email), { signal }),
  };
}
