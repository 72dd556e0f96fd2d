// What every domain package declares about its procedures for the cross-cutting tests (tenancy walk and bad-input
// fuzzing in packages/api/test). Each domain exports its cases from `test/cases.ts` (package export
// "./test-cases"), so test code never sits in a domain's src; the api package collects them all.
import type { RealtimeEvent } from "@taller/core";
import type { DemoFixtures } from "@taller/db/seed";
import type { AnyProcedure, AnyRouter } from "@trpc/server";

/**
 * How the cross-cutting tests exercise one procedure. Every procedure must have one: a procedure added without it
 * fails `packages/api/test/tenancy.test.ts`, so nobody can forget to prove it is tenant-safe.
 *
 * - `foreign`: the procedure takes ids. It is called by the admin of "Otro Taller" with ids of "Taller Demo"
 *   and must answer NOT_FOUND or FORBIDDEN.
 * - `scoped`: no ids in the input (lists, setup, the current user). It is called by the admin of "Otro Taller";
 *   `leaks` receives the result and returns a description of any "Taller Demo" data in it (or null).
 * - `public`: not tenant data (login). `reason` says why.
 * - `valid`: a valid input for the admin of "Taller Demo", used as the seed of the bad-input fuzzing; omit for
 *   procedures without input.
 * - `attacks`: inputs that broke this procedure once (or are known to break ones like it), added to the fuzzing.
 * - `subscription`: true for subscriptions (the walk reads their first event, it does not call them as queries).
 * - `probes`: for a subscription that passes only some events (a user's own channel): one event for Taller Demo and
 *   one for Otro Taller that it would pass, carrying the ids 900001 and 900002; without it the walk publishes
 *   `user.updated` for each company.
 * - `as: "kiosk"`: a work-point kiosk procedure. The walks call it through a kiosk session of the company's admin on
 *   that company's demo device (fixture `workpointToken`) instead of a staff session, which it refuses.
 * - `notOwned`: for a `foreign` case whose ids name no one's record (the company's setup: a location, a
 *   requirement), why a user limited to his own records may call it with them. Without it, the own-record walk
 *   (`packages/api/test/own-scope.test.ts`) calls the procedure as such a user with the case's ids, which are not his,
 *   and expects NOT_FOUND or FORBIDDEN.
 * - `manager`: a platform operator's procedure (managerProcedure). Operators stand above companies, so the tenancy
 *   walk proves instead that a staff session of any company is refused (UNAUTHORIZED); the fuzzing calls it in an
 *   operator session.
 */
export type ProcedureCase = (
  | { kind: "foreign"; input: (f: DemoFixtures) => unknown; notOwned?: string }
  | {
      kind: "scoped";
      input?: (f: DemoFixtures) => unknown;
      leaks: (result: unknown, f: DemoFixtures) => string | null;
      subscription?: boolean;
      probes?: (f: DemoFixtures) => [demo: RealtimeEvent, other: RealtimeEvent];
    }
  | { kind: "public"; reason: string }
  | { kind: "manager" }
) & { valid?: (f: DemoFixtures) => unknown; attacks?: (f: DemoFixtures) => unknown[]; as?: "kiosk" };

/** The procedure paths of a router's record: "list", and "events.create" for a nested router's procedures. */
type ProcedurePaths<TRecord> = {
  [K in keyof TRecord & string]: TRecord[K] extends AnyProcedure ? K : `${K}.${ProcedurePaths<TRecord[K]>}`;
}[keyof TRecord & string];

/** One case per procedure of a domain router, keyed by the procedure's path in that router ("events.create"). */
export type DomainCases<TRouter extends AnyRouter> = {
  [name in ProcedurePaths<TRouter["_def"]["record"]>]: ProcedureCase;
};

/** Looks for any of the demo company's ids under `key` fields anywhere in a result. */
export function findIds(result: unknown, key: string, ids: readonly number[]): string | null {
  const wanted = new Set(ids);
  const stack: unknown[] = [result];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === "object") {
      for (const [k, child] of Object.entries(v)) {
        if (k === key && typeof child === "number" && wanted.has(child)) return `${key}=${child}`;
        stack.push(child);
      }
    }
  }
  return null;
}

/** A list that shows one of the demo company's records (by the list items' own ids). */
export function listLeak(items: { id: number }[], demoIds: readonly number[], what: string): string | null {
  const demo = new Set(demoIds);
  const found = items.find((i) => demo.has(i.id));
  return found ? `listed demo ${what} ${found.id}` : null;
}

/** Totals that name a demo id under `key`, or count more than the caller's company holds. */
export function countLeak(
  rows: { count: number }[],
  key: string | null,
  demoIds: readonly number[],
  own: number,
): string | null {
  const named = key ? findIds(rows, key, demoIds) : null;
  const sum = rows.reduce((n, r) => n + r.count, 0);
  return named ?? (sum > own ? `counted ${sum}, the company has ${own}` : null);
}
