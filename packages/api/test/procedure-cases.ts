import type { DemoFixtures } from "@taller/db/seed";

/**
 * How the cross-cutting tests exercise each procedure of the app router. Every procedure must have an entry:
 * a procedure added without one fails `tenancy.test.ts`, so nobody can forget to prove it is tenant-safe.
 *
 * - `foreign`: the procedure takes ids. It is called by the admin of "Otro Taller" with ids of "Taller Demo"
 *   and must answer NOT_FOUND or FORBIDDEN.
 * - `scoped`: no ids in the input (lists, setup, the current user). It is called by the admin of "Otro Taller";
 *   `leaks` receives the result and returns a description of any "Taller Demo" data in it (or null).
 * - `public`: not tenant data (login). `reason` says why.
 * - `valid`: a valid input for the admin of "Taller Demo", used as the seed of the bad-input fuzzing; omit for
 *   procedures without input.
 * - `subscription`: true for subscriptions (the walk reads their first event or times out, it does not call them
 *   as queries).
 */
export type ProcedureCase =
  | { kind: "foreign"; input: (f: DemoFixtures) => unknown; valid?: (f: DemoFixtures) => unknown }
  | { kind: "scoped"; input?: (f: DemoFixtures) => unknown; leaks: (result: unknown, f: DemoFixtures) => string | null; valid?: (f: DemoFixtures) => unknown; subscription?: boolean }
  | { kind: "public"; reason: string; valid?: (f: DemoFixtures) => unknown };

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

export const procedureCases: Record<string, ProcedureCase> = {
  "auth.login": {
    kind: "public",
    reason: "credentials are checked against the one account the e-mail names",
    valid: () => ({ email: "nadie@taller.demo", password: "x" }),
  },
  "auth.logout": { kind: "scoped", leaks: () => null },
  "auth.me": {
    kind: "scoped",
    leaks: (r, f) => (Object.values(f.demo.userIds).includes((r as { id: number }).id) ? "returned a demo user" : null),
  },
  "account.changePassword": {
    kind: "scoped",
    input: () => ({ old_password: "wrong-password", password: "nueva123", password_confirmation: "nueva123" }),
    leaks: () => null,
    valid: () => ({ old_password: "wrong-password", password: "nueva123", password_confirmation: "nueva123" }),
  },
  "company.setup": {
    kind: "scoped",
    leaks: (r, f) => {
      const setup = r as { company: { id: number }; locations: { id: number }[] };
      if (setup.company.id === f.demo.companyId) return "returned the demo company";
      return findIds(setup.locations, "id", f.demo.locationIds);
    },
  },
  "company.onEvent": { kind: "scoped", subscription: true, leaks: () => null, valid: () => ({ lastEventId: null }) },
};
