// Tenancy and bad-input cases of the payments router (see ProcedureCase in @taller/trpc/testing): another company's
// requests are NOT_FOUND, its lists and counts never show the demo company's.
import type { DemoFixtures } from "@taller/db/seed";
import { countLeak, listLeak, type DomainCases } from "@taller/trpc/testing";
import type { paymentsRouter } from "../src/router";

const payments = (r: unknown) => (r as { payments: { id: number }[] }).payments;
const own = (f: DemoFixtures) => f.other.paymentIds.length;

export const paymentsCases: DomainCases<typeof paymentsRouter> = {
  list: {
    kind: "scoped",
    input: () => ({ search: "a" }),
    leaks: (r, f) => listLeak(payments(r), f.demo.paymentIds, "payment request"),
    valid: () => ({ status_id: [1], search: "#1" }),
    attacks: () => [
      { status_id: [3] },
      { status_id: ["1"] },
      { cursor: "x".repeat(1001) },
      { cursor: "eyJhZnRlciI6WzFdfQ.AAAA" },
      { search: "%_\\' OR 1=1 --" },
      { search: "x".repeat(101) },
    ],
  },
  totalsByStatus: {
    kind: "scoped",
    leaks: (r, f) => countLeak((r as { by_status: { count: number }[] }).by_status, null, f.demo.paymentIds, own(f)),
    valid: () => ({ search: "ab" }),
  },
  get: { kind: "foreign", input: (f) => ({ id: f.demo.paymentIds[0] }), valid: (f) => ({ id: f.demo.paymentIds[0] }) },
  create: {
    kind: "foreign",
    input: (f) => ({ order_id: f.demo.orderIds[0] }),
    valid: (f) => ({
      order_id: f.demo.orderIds[1],
      lines: [{ title: "Mano de obra", quantity: 2, unit_price: 15_000 }],
    }),
    attacks: (f) => [
      { order_id: f.other.orderIds[0], lines: [{ title: "X", unit_price: -1 }] },
      { order_id: f.other.orderIds[0], lines: [{ title: "X", unit_price: 1.5 }] },
      { order_id: f.other.orderIds[0], lines: [{ title: "", unit_price: 1 }] },
      { order_id: f.other.orderIds[0], lines: [{ title: "X", quantity: 0, unit_price: 1 }] },
      { order_id: f.other.orderIds[0], lines: [] },
      { order_id: f.other.orderIds[0], lines: Array.from({ length: 101 }, () => ({ title: "X", unit_price: 1 })) },
      { order_id: f.other.orderIds[0], lines: [{ title: "X", quantity: 10_000, unit_price: 100_000_000 }] },
      {},
    ],
  },
  // How the server takes payments: the same answer for every company, nothing of any one of them.
  checkoutMode: { kind: "scoped", leaks: () => null },
  reprocess: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.paymentIds[1] }),
    valid: (f) => ({ id: f.demo.paymentIds[1] }),
  },
  onChanged: {
    kind: "scoped",
    subscription: true,
    // The stream carries payment.changed only; the walk's probes must be of that type.
    probes: (f) => [
      { companyId: f.demo.companyId, type: "payment.changed", payload: { ids: [900_001] } },
      { companyId: f.other.companyId, type: "payment.changed", payload: { ids: [900_002] } },
    ],
    leaks: () => null,
  },
  publicGet: {
    kind: "public",
    reason:
      "the payment_token decides the company and the request (tokenProcedure); packages/payments/test covers a foreign or wrong token",
    valid: (f) => ({ token: f.demo.paymentToken }),
    attacks: (f) => [{ token: f.demo.crmToken }, { token: "x".repeat(201) }],
  },
};
