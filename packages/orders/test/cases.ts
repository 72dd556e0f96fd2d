// Tenancy and bad-input cases of the orders router (see ProcedureCase in @taller/trpc/testing).
import { countLeak, findIds, listLeak, type DomainCases } from "@taller/trpc/testing";
import type { ordersRouter } from "../src";

export const ordersCases: DomainCases<typeof ordersRouter> = {
  list: {
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
  totalsByStatus: {
    kind: "scoped",
    leaks: (r, f) =>
      countLeak(
        (r as { by_status: { status_id: number; count: number }[] }).by_status,
        "status_id",
        f.demo.statusIds.Order,
        f.other.orderIds.length,
      ),
    valid: (f) => ({ budget_status_id: [f.demo.statusIds.Budget[0], -1], search: "a" }),
  },
  statuses: {
    kind: "scoped",
    leaks: (r, f) => findIds(r, "id", [...f.demo.statusIds.Order, ...f.demo.statusIds.Budget]),
  },
  transitions: {
    kind: "scoped",
    leaks: (r, f) =>
      findIds(r, "from_status_id", f.demo.statusIds.Order) ?? findIds(r, "to_status_id", f.demo.statusIds.Order),
  },
  get: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.orderIds[0] }),
    valid: (f) => ({ id: f.demo.orderIds[0] }),
  },
  zip: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.orderIds[0] }),
    valid: (f) => ({ id: f.demo.orderIds[0] }),
  },
  budgetZip: {
    kind: "public",
    reason:
      "the zip_token decides the company and the one budget (tokenProcedure); packages/orders/test/zip.test.ts covers foreign and wrong tokens",
  },
  budgetZipLink: {
    kind: "foreign",
    input: (f) => ({ budget_id: f.demo.budgetIds[0] }),
    valid: (f) => ({ budget_id: f.demo.budgetIds[0] }),
  },
  export: {
    kind: "scoped",
    input: () => ({}),
    // The file is opaque here: Otro Taller has fewer orders than Taller Demo, so any demo row shows in the count.
    leaks: (r, f) =>
      (r as { rows: number }).rows > f.other.orderIds.length ? "exported orders that are not Otro Taller's" : null,
    valid: (f) => ({
      status_id: f.demo.statusIds.Order,
      search: "a",
      start_check_in: "2020-01-01",
      end_check_in: "2040-12-31",
      start_ended_at: "2020-01-01",
      end_ended_at: "2040-12-31",
    }),
  },
  changeStatus: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.orderIds[0], version: 1, status_id: f.demo.statusIds.Order[1] }),
    valid: (f) => ({ id: f.demo.orderIds.at(-1), version: 1, status_id: f.demo.statusIds.Order[1], reason: "x" }),
  },
  update: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.orderIds[0], version: 1, comment: "ajeno" }),
    valid: (f) => ({
      id: f.demo.orderIds.at(-1),
      version: 1,
      assignee_id: f.demo.userIds["tecnico@taller.demo"],
      finish_date: "2030-01-31",
      kms: 1000,
      comment: "Revisar frenos",
    }),
  },
  deliver: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.orderIds[0], version: 1 }),
    valid: (f) => ({ id: f.demo.orderIds.at(-1), version: 1 }),
  },
  cancel: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.orderIds[0], version: 1, reason: "Cliente desiste" }),
    valid: (f) => ({ id: f.demo.orderIds.at(-1), version: 1, reason: "Cliente desiste" }),
  },
  assignableUsers: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.orderIds[0] }),
    valid: (f) => ({ id: f.demo.orderIds.at(-1) }),
  },
};
