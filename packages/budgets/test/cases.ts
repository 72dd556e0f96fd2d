// Tenancy and bad-input cases of the budgets router (see ProcedureCase in @taller/trpc/testing): another company's
// budgets, orders, statuses and products are NOT_FOUND or refused, its lists never show the demo company's rows.
import { findIds, listLeak, type DomainCases } from "@taller/trpc/testing";
import type { DemoFixtures } from "@taller/db/seed";
import type { budgetsRouter } from "../src/router";

const budgetId = (f: DemoFixtures) => f.demo.budgetIds[0] ?? 0;
// The writes' fuzzing works on another budget than updateStatus's, whose valid call may close budgetIds[0].
const editedId = (f: DemoFixtures) => f.demo.budgetIds[1] ?? 0;
const productId = (f: DemoFixtures) => Object.values(f.demo.productIds)[0] ?? 0;
const line = { description: "Mano de obra", quantity: 1, unit_price: 10_000, discount: 0 };

export const budgetsCases: DomainCases<typeof budgetsRouter> = {
  list: {
    kind: "scoped",
    input: () => ({ search: "a" }),
    leaks: (r, f) => listLeak((r as { budgets: { id: number }[] }).budgets, f.demo.budgetIds, "budget"),
    valid: (f) => ({ status_ids: f.demo.statusIds.Budget, search: "#1" }),
    attacks: (f) => [
      { status_ids: ["1"] },
      { status_ids: [f.other.statusIds.Budget[0]], search: "x".repeat(101) },
      { cursor: "x".repeat(1001) },
      { cursor: "eyJhZnRlciI6WzFdfQ.AAAA" },
      { search: "%_\\' OR 1=1 --" },
    ],
  },
  get: {
    kind: "foreign",
    input: (f) => ({ id: budgetId(f) }),
    valid: (f) => ({ id: budgetId(f) }),
    attacks: () => [{ id: 0 }, { id: "1" }],
  },
  statuses: { kind: "scoped", leaks: (r, f) => findIds(r, "id", f.demo.statusIds.Budget) },
  products: {
    kind: "scoped",
    input: () => ({ search: "" }),
    leaks: (r, f) => findIds(r, "id", Object.values(f.demo.productIds)),
    valid: () => ({ search: "filtro" }),
    attacks: () => [{ search: "x".repeat(101) }, { search: 5 }],
  },
  create: {
    kind: "foreign",
    input: (f) => ({ order_id: f.demo.orderIds[0], lines: [line] }),
    valid: (f) => ({
      order_id: f.demo.orderIds[0],
      lines: [{ product_id: productId(f), quantity: 2, unit_price: 8_990, discount: 990 }],
    }),
    attacks: (f) => [
      { order_id: f.other.orderIds[0], lines: [{ ...line, product_id: productId(f) }] },
      { order_id: f.demo.orderIds[0], lines: [] },
      { order_id: f.demo.orderIds[0], lines: [{ ...line, quantity: 0 }] },
      { order_id: f.demo.orderIds[0], lines: [{ ...line, unit_price: -1 }] },
      { order_id: f.demo.orderIds[0], lines: [{ ...line, discount: 10_001 }] },
      { order_id: f.demo.orderIds[0], lines: [{ ...line, quantity: 10_000, unit_price: 1_000_000 }] },
      { order_id: f.demo.orderIds[0], lines: [{ quantity: 1, unit_price: 1, discount: 0 }] },
      { order_id: f.demo.orderIds[0], lines: Array.from({ length: 101 }, () => line) },
    ],
  },
  updateStatus: {
    kind: "foreign",
    input: (f) => ({ id: budgetId(f), status_id: f.other.statusIds.Budget[0] }),
    valid: (f) => ({ id: budgetId(f), status_id: f.demo.statusIds.Budget[3] }),
    attacks: (f) => [
      { id: f.other.budgetIds[0], status_id: f.demo.statusIds.Budget[1] },
      { id: budgetId(f), status_id: f.demo.statusIds.Order[0] },
    ],
  },
  // The line and picture writes: another company's budget is NOT_FOUND before any line or file is looked at.
  addLine: {
    kind: "foreign",
    input: (f) => ({ budget_id: budgetId(f), line }),
    valid: (f) => ({ budget_id: editedId(f), line: { ...line, discount: 500 } }),
    attacks: (f) => [
      { budget_id: f.other.budgetIds[0], line: { ...line, product_id: productId(f) } },
      { budget_id: editedId(f), line: { ...line, quantity: 10_001 } },
      { budget_id: editedId(f), line: { ...line, discount: 10_001 } },
      { budget_id: editedId(f), line: { ...line, product_id: 2_147_483_647, description: null } },
    ],
  },
  updateLine: {
    kind: "foreign",
    input: (f) => ({ budget_id: budgetId(f), line_id: 1, line }),
    valid: (f) => ({ budget_id: editedId(f), line_id: 1, line }),
    attacks: (f) => [
      { budget_id: editedId(f), line_id: 2_147_483_647, line },
      { budget_id: editedId(f), line_id: 1, line: { ...line, unit_price: 1.5 } },
    ],
  },
  removeLine: {
    kind: "foreign",
    input: (f) => ({ budget_id: budgetId(f), line_id: 1 }),
    valid: (f) => ({ budget_id: editedId(f), line_id: 2_147_483_647 }),
    attacks: (f) => [{ budget_id: f.other.budgetIds[0], line_id: 1 }],
  },
  addPictures: {
    kind: "foreign",
    input: (f) => ({ budget_id: budgetId(f), file_ids: ["A".repeat(24)] }),
    valid: (f) => ({ budget_id: editedId(f), file_ids: ["A".repeat(24)] }),
    attacks: (f) => [
      { budget_id: editedId(f), file_ids: ["../../etc/passwd"] },
      { budget_id: editedId(f), file_ids: ["A".repeat(24), "A".repeat(24)] },
      {
        budget_id: editedId(f),
        file_ids: Array.from({ length: 21 }, (_, i) => `${"A".repeat(22)}${String(i).padStart(2, "0")}`),
      },
      { budget_id: editedId(f), file_ids: ["A,B}".padEnd(24, "x")] },
    ],
  },
};
