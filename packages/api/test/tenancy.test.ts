import { createEventBus, TRPCError, type EventBus } from "@taller/trpc";
import { staffContext } from "@taller/trpc/testing";
import { seedDemo, type DemoFixtures } from "@taller/db/seed";
import { createTestDatabase, type TestDatabase } from "@taller/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "../src";
import { procedureCases } from "./procedure-cases";
import { allProcedures, callPath } from "./walk";

let tdb: TestDatabase;
let bus: EventBus;
let fx: DemoFixtures;

beforeAll(async () => {
  tdb = await createTestDatabase();
  bus = createEventBus(tdb.database);
  fx = await seedDemo(tdb.database.db);
});
afterAll(async () => {
  await bus.close();
  await tdb.drop();
});

const otherAdmin = () => staffContext(tdb.database, bus, "admin@otro.demo");

describe("tenant isolation: every procedure, called by Otro Taller", () => {
  it("every procedure of the app router has a case (add yours to procedure-cases.ts)", () => {
    const paths = allProcedures().map((p) => p.path);
    const missing = paths.filter((p) => !procedureCases[p]);
    const stale = Object.keys(procedureCases).filter((p) => !paths.includes(p));
    expect(missing, "procedures the tenancy walk cannot exercise").toEqual([]);
    expect(stale, "cases for procedures that no longer exist").toEqual([]);
  });

  for (const { path, type } of allProcedures()) {
    const c = procedureCases[path];
    if (!c || c.kind === "public") continue;

    if (c.kind === "foreign") {
      it(`${path} refuses Taller Demo's ids`, async () => {
        const caller = createCaller(await otherAdmin());
        const error = await callPath(caller, path, c.input(fx)).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error, `${path} answered another company's ids`).toBeInstanceOf(TRPCError);
        expect(["NOT_FOUND", "FORBIDDEN"]).toContain((error as TRPCError).code);
      });
      continue;
    }

    if (type === "subscription") {
      it(`${path} streams only Otro Taller's events`, async () => {
        const controller = new AbortController();
        const caller = createCaller(await otherAdmin(), { signal: controller.signal });
        const stream = (await callPath(caller, path, c.input?.(fx))) as AsyncIterable<{ type?: string } | unknown>;
        const received: unknown[] = [];
        const reading = (async () => {
          for await (const item of stream) {
            received.push(item);
            if (received.length === 1) controller.abort();
          }
        })();
        // Let the subscription attach before publishing.
        await new Promise((r) => setTimeout(r, 50));
        await bus.publish({ companyId: fx.demo.companyId, type: "probe.demo", payload: { id: 1 } });
        await bus.publish({ companyId: fx.other.companyId, type: "probe.other", payload: { id: 2 } });
        await reading.catch(() => undefined);
        expect(JSON.stringify(received)).not.toContain("probe.demo");
        expect(JSON.stringify(received)).toContain("probe.other");
      });
      continue;
    }

    it(`${path} returns nothing of Taller Demo`, async () => {
      const caller = createCaller(await otherAdmin());
      const result = await callPath(caller, path, c.input?.(fx)).catch((e: unknown) => {
        // A refusal is isolation too, but never a crash.
        expect((e as TRPCError).code).not.toBe("INTERNAL_SERVER_ERROR");
        return null;
      });
      if (result !== null) expect(c.leaks(result, fx)).toBeNull();
    });
  }
});
