import { TRPCError } from "@taller/trpc";
import { describe, expect, it } from "vitest";
import { procedureCases } from "./procedure-cases";
import { useSeededApp } from "./setup";
import { allProcedures, callPath } from "./walk";

const app = useSeededApp();

/** Otro Taller's admin: through a staff session, or for a kiosk procedure a kiosk session on Otro Taller's device. */
const otherAdmin = (signal?: AbortSignal, as?: "kiosk") =>
  as === "kiosk"
    ? app.kioskCallerFor("admin@otro.demo", app.fx().other.workpointToken, signal)
    : app.callerFor("admin@otro.demo", signal);

describe("tenant isolation: every procedure, called by Otro Taller", () => {
  it("every procedure of the app router has a case (add it to its package's test/cases.ts)", () => {
    const paths = allProcedures().map((p) => p.path);
    const missing = paths.filter((p) => !procedureCases[p]);
    const stale = Object.keys(procedureCases).filter((p) => !paths.includes(p));
    expect(missing, "procedures the tenancy walk cannot exercise").toEqual([]);
    expect(stale, "cases for procedures that no longer exist").toEqual([]);
  });

  for (const { path, type } of allProcedures()) {
    const c = procedureCases[path];
    if (!c || c.kind === "public") continue;

    if (c.kind === "manager") {
      it(`${path} refuses staff sessions (operators only)`, async () => {
        for (const email of ["admin@otro.demo", "admin@taller.demo"]) {
          const error = await callPath(await app.callerFor(email), path, c.valid?.(app.fx())).then(
            () => null,
            (e: unknown) => e,
          );
          expect((error as TRPCError | null)?.code, `${path} answered ${email}`).toBe("UNAUTHORIZED");
        }
      });
      continue;
    }

    if (c.kind === "foreign") {
      it(`${path} refuses Taller Demo's ids`, async () => {
        const caller = await otherAdmin(undefined, c.as);
        const error = await callPath(caller, path, c.input(app.fx())).then(
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
        const caller = await otherAdmin(controller.signal, c.as);
        const stream = (await callPath(caller, path, c.input?.(app.fx()))) as AsyncIterable<unknown>;
        const received: unknown[] = [];
        const reading = (async () => {
          for await (const item of stream) {
            received.push(item);
            if (received.length === 1) controller.abort();
          }
        })();
        // Let the subscription attach before publishing.
        await new Promise((r) => setTimeout(r, 50));
        // Ids no seed uses, so the probes are told apart from anything else in the stream.
        const [demoProbe, otherProbe] = c.probes?.(app.fx()) ?? [
          { companyId: app.fx().demo.companyId, type: "user.updated", payload: { id: 900_001 } },
          { companyId: app.fx().other.companyId, type: "user.updated", payload: { id: 900_002 } },
        ];
        await app.bus().publish(demoProbe);
        await app.bus().publish(otherProbe);
        await reading.catch(() => undefined);
        expect(JSON.stringify(received)).not.toContain("900001");
        expect(JSON.stringify(received)).toContain("900002");
      });
      continue;
    }

    it(`${path} returns nothing of Taller Demo`, async () => {
      const caller = await otherAdmin(undefined, c.as);
      const result = await callPath(caller, path, c.input?.(app.fx())).catch((e: unknown) => {
        // A refusal is isolation too, but never a crash.
        expect((e as TRPCError).code).not.toBe("INTERNAL_SERVER_ERROR");
        return null;
      });
      if (result !== null) expect(c.leaks(result, app.fx())).toBeNull();
    });
  }
});

/** The path of the first Date found anywhere in a value, or null. */
function findDate(value: unknown, path = "answer"): string | null {
  if (value instanceof Date) return path;
  if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      const found = findDate(child, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

describe("one wire format for instants: no answer of any procedure carries a Date", () => {
  for (const { path, type } of allProcedures()) {
    const c = procedureCases[path];
    if (!c || type === "subscription") continue;
    it(`${path} answers instants as ISO strings`, async () => {
      const caller = c.kind === "manager" ? await app.managerCaller() : await app.callerFor("admin@taller.demo");
      const input = c.valid?.(app.fx()) ?? (c.kind === "scoped" ? c.input?.(app.fx()) : undefined);
      const result = await callPath(caller, path, input).catch(() => null);
      expect(findDate(result), `${path} sent a Date (instants travel as @taller/core's Instant strings)`).toBeNull();
    });
  }
});
