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
  // A wrong password: the walk must not change the login of the accounts it uses.
  "account.changeEmail": {
    kind: "scoped",
    input: () => ({ mail: "admin@taller.demo", password: "wrong-password" }),
    leaks: () => null,
    valid: () => ({ mail: "nuevo@taller.demo", password: "wrong-password" }),
  },
  "account.update": {
    kind: "scoped",
    input: () => ({ theme: "mint" }),
    leaks: (r, f) => (Object.values(f.demo.userIds).includes((r as { id: number }).id) ? "returned a demo user" : null),
    valid: () => ({ name: "Ana", phone: "+56 9 1111 2222", rut: "12.345.678-5", theme: "mint" }),
  },
  "account.setOnline": { kind: "scoped", input: () => ({ online: true }), leaks: () => null, valid: () => ({ online: true }) },
  "account.enable2fa": { kind: "scoped", leaks: () => null },
  "account.validate2fa": {
    kind: "scoped",
    input: () => ({ password: "wrong-password", otp: "123456", otp_secret: "JBSWY3DPEHPK3PXP" }),
    leaks: () => null,
    valid: () => ({ password: "wrong-password", otp: "123456", otp_secret: "JBSWY3DPEHPK3PXP" }),
  },
  "account.disable2fa": {
    kind: "scoped",
    input: () => ({ password: "wrong-password", otp: "123456" }),
    leaks: () => null,
    valid: () => ({ password: "wrong-password", otp: "123456" }),
  },
  // Device rows carry no company data; the query filters by the caller's user (see packages/auth/test/account.test.ts).
  "account.devices": { kind: "scoped", leaks: () => null },
  // The seed opens no sessions, so any id is foreign here; account.test.ts ends another user's and company's device.
  "account.destroyDevice": { kind: "foreign", input: () => ({ id: 1 }), valid: () => ({ id: 1 }) },
  "company.setup": {
    kind: "scoped",
    leaks: (r, f) => {
      const setup = r as { company: { id: number }; locations: { id: number }[] };
      if (setup.company.id === f.demo.companyId) return "returned the demo company";
      return findIds(setup.locations, "id", f.demo.locationIds);
    },
  },
  "company.onEvent": { kind: "scoped", subscription: true, leaks: () => null, valid: () => ({ lastEventId: null }) },
  "company.onVersion": { kind: "public", reason: "yields only the server's version, no company data" },
  "company.bookingAddon": {
    kind: "public",
    reason: "the crm_token resolves to its one company; without a valid token it answers UNAUTHORIZED",
    valid: () => ({ token: "no-such-token" }),
  },
  "orders.list": {
    kind: "scoped",
    input: () => ({}),
    leaks: (r, f) => listLeak((r as { orders: { id: number }[] }).orders, f.demo.orderIds, "order"),
    valid: (f) => ({
      status_id: f.demo.statusIds.Order,
      budget_status_id: [...f.demo.statusIds.Budget, -1],
      search: "a",
      sort: "check_in_time",
      sort_direction: "asc",
      cursor: null,
    }),
  },
  "orders.totalsByStatus": {
    kind: "scoped",
    leaks: (r, f) => countLeak(r as { status_id: number; count: number }[], "status_id", f.demo.statusIds.Order, f.other.orderIds.length),
    valid: (f) => ({ budget_status_id: [f.demo.statusIds.Budget[0], -1], search: "a" }),
  },
  "orders.statuses": {
    kind: "scoped",
    leaks: (r, f) => findIds(r, "id", [...f.demo.statusIds.Order, ...f.demo.statusIds.Budget]),
  },
  "orders.transitions": {
    kind: "scoped",
    leaks: (r, f) => findIds(r, "from_status_id", f.demo.statusIds.Order) ?? findIds(r, "to_status_id", f.demo.statusIds.Order),
  },
  "orders.get": {
    kind: "foreign",
    input: (f) => ({ id: f.demo.orderIds[0] }),
    valid: (f) => ({ id: f.demo.orderIds[0] }),
  },
  "orders.export": {
    kind: "scoped",
    input: () => ({}),
    // The file is opaque here: Otro Taller has fewer orders than Taller Demo, so any demo row shows in the count.
    leaks: (r, f) => ((r as { rows: number }).rows > f.other.orderIds.length ? "exported orders that are not Otro Taller's" : null),
    valid: (f) => ({
      status_id: f.demo.statusIds.Order,
      search: "a",
      start_check_in: "2020-01-01",
      end_check_in: "2040-12-31",
      start_ended_at: "2020-01-01",
      end_ended_at: "2040-12-31",
    }),
  },
  "vehicles.list": {
    kind: "scoped",
    input: () => ({}),
    leaks: (r, f) => listLeak((r as { vehicles: { id: number }[] }).vehicles, f.demo.vehicleIds, "vehicle"),
    valid: () => ({ status_id: [1, 2], search: "a", cursor: null }),
  },
  "vehicles.totalsByStatus": {
    kind: "scoped",
    leaks: (r, f) => countLeak(r as { count: number }[], null, [], f.other.vehicleIds.length),
    valid: () => ({ search: "a" }),
  },
};

/** A list that shows one of the demo company's records (by the list items' own ids). */
function listLeak(items: { id: number }[], demoIds: readonly number[], what: string): string | null {
  const demo = new Set(demoIds);
  const found = items.find((i) => demo.has(i.id));
  return found ? `listed demo ${what} ${found.id}` : null;
}

/** Totals that name a demo id under `key`, or count more than the caller's company holds. */
function countLeak(rows: { count: number }[], key: string | null, demoIds: readonly number[], own: number): string | null {
  const named = key ? findIds(rows, key, demoIds) : null;
  const sum = rows.reduce((n, r) => n + r.count, 0);
  return named ?? (sum > own ? `counted ${sum}, the company has ${own}` : null);
}
