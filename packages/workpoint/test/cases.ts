// Tenancy and bad-input cases of the workpoint router (see ProcedureCase in @taller/trpc/testing).
import { findIds, listLeak, type DomainCases } from "@taller/trpc/testing";
import type { DemoFixtures } from "@taller/db/seed";
import type { workpointRouter } from "../src";

/** Demo works among the works of an answer (a list of works, or `{ items }`, or one work); nested ids (the user's,
 * the required work's) are other tables' and may equal a demo work's id. */
function demoWorks(r: unknown, f: DemoFixtures): string | null {
  const items = Array.isArray(r)
    ? r
    : r && typeof r === "object" && "items" in r
      ? (r as { items: unknown[] }).items
      : [r];
  return listLeak(items as { id: number }[], f.demo.workIds, "work");
}
const firstOrder = (f: DemoFixtures) => f.demo.orderIds.at(-1) ?? 0;
const firstWork = (f: DemoFixtures) => f.demo.workIds[0] ?? 0;
const firstCustomWork = (f: DemoFixtures) => f.demo.customWorkIds[0] ?? 0;

export const workpointCases: DomainCases<typeof workpointRouter> = {
  requiredWorks: {
    kind: "foreign",
    input: (f) => ({ document_type: "Order", document_id: firstOrder(f) }),
    valid: (f) => ({ document_type: "Order", document_id: firstOrder(f) }),
    attacks: (f) => [
      { document_type: "Order; drop", document_id: firstOrder(f) },
      { document_type: "Budget", document_id: 2 ** 31 },
    ],
  },
  request: {
    kind: "foreign",
    input: (f) => ({ document_type: "Order", document_id: firstOrder(f), work_id: firstCustomWork(f) }),
    valid: (f) => ({
      document_type: "Order",
      document_id: firstOrder(f),
      work_id: firstCustomWork(f),
      skip_notifications: true,
    }),
    attacks: (f) => [
      // Another company's user as the assignee of a work of one's own document.
      {
        document_type: "Order",
        document_id: f.other.orderIds[0],
        work_id: f.other.customWorkIds[0],
        user_id: f.demo.userIds["admin@taller.demo"],
      },
    ],
  },
  start: { kind: "foreign", input: (f) => ({ id: firstWork(f) }), valid: (f) => ({ id: firstWork(f) }) },
  complete: { kind: "foreign", input: (f) => ({ id: firstWork(f) }), valid: (f) => ({ id: f.demo.workIds.at(-1) }) },
  ownWorks: { kind: "scoped", leaks: demoWorks },
  list: {
    kind: "scoped",
    input: (f) => ({ document_type: "Order", document_id: firstOrder(f) }),
    leaks: demoWorks,
    valid: (f) => ({ user_id: f.demo.userIds["tecnico@taller.demo"], state: "open", limit: 10 }),
    attacks: () => [{ cursor: { created_at: "not-a-date", id: 1 } }, { document_type: "Order" }, { limit: 1e6 }],
  },
  get: { kind: "foreign", input: (f) => ({ id: firstWork(f) }), valid: (f) => ({ id: firstWork(f) }) },
  "devices.list": { kind: "scoped", leaks: (r, f) => findIds(r, "id", [f.demo.workpointDeviceId]) },
  "devices.register": {
    kind: "scoped",
    input: () => ({ name: "Pantalla de prueba" }),
    leaks: (r, f) => findIds(r, "id", [f.demo.workpointDeviceId]),
    valid: () => ({ name: "Pantalla de prueba" }),
  },
  "devices.revoke": { kind: "foreign", input: (f) => ({ id: f.demo.workpointDeviceId }) },
  "kiosk.check": {
    kind: "public",
    reason: "the device token is the credential; it answers only that device's company name",
  },
  // Kiosk calls: the walks call them in a kiosk session on the caller's company's device (`as: "kiosk"`), the
  // subscription too.
  "kiosk.me": { kind: "scoped", as: "kiosk", leaks: (r, f) => findIds(r, "id", Object.values(f.demo.userIds)) },
  "kiosk.works": { kind: "scoped", as: "kiosk", leaks: demoWorks },
  "kiosk.start": {
    kind: "foreign",
    as: "kiosk",
    input: (f) => ({ id: firstWork(f) }),
    valid: (f) => ({ id: firstWork(f) }),
  },
  "kiosk.complete": {
    kind: "foreign",
    as: "kiosk",
    input: (f) => ({ id: firstWork(f) }),
    valid: (f) => ({ id: firstWork(f) }),
  },
  "kiosk.onChange": {
    kind: "scoped",
    as: "kiosk",
    subscription: true,
    // The stream carries works' and orders' events only; the walk's probes must be of those types.
    probes: (f) => [
      { companyId: f.demo.companyId, type: "order.changed", payload: { ids: [900_001] } },
      { companyId: f.other.companyId, type: "order.changed", payload: { ids: [900_002] } },
    ],
    leaks: () => null,
  },
};
