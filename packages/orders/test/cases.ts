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
  receive: {
    kind: "foreign",
    // Taller Demo's location, requirement and users are refused on their fields (NOT_FOUND).
    input: (f) => ({
      key: "00000000-0000-4000-8000-000000000001",
      identifier: "ZZ9999",
      client: {},
      location_id: f.demo.locationIds[0],
      requirement_id: f.demo.requirementIds[0],
      assignee_id: f.demo.userIds["tecnico@taller.demo"],
    }),
    notOwned:
      "a reception names the company's setup (location, requirement, users), no one's record; with an own-records grant the order is received by the caller (test/receive.test.ts)",
    valid: (f) => ({
      key: "00000000-0000-4000-8000-000000000002",
      identifier: "BCDF12",
      brand_id: f.demo.brandIds[0],
      chassis: "9BWZZZ377VT004251",
      client: { rut: "11.111.111-1", name: "Cliente Prueba", phone: "+56 9 1234 5678", email: "a@b.cl" },
      change_owner: true,
      requirement_id: f.demo.requirementIds[0],
      location_id: f.demo.locationIds[0],
      assignee_id: f.demo.userIds["tecnico@taller.demo"],
      kms: 1000,
      confirm_kms: true,
      comment: "Revisar frenos",
      finish_date: "2030-01-31",
      custom_fields: { $$siniestro: "S-1" },
      pictures: [],
    }),
  },
  "reception.vehicle": {
    kind: "scoped",
    input: () => ({ identifier: "BCDF12" }),
    leaks: (r, f) => {
      const found = (r as { vehicle: { id: number } | null }).vehicle;
      return found && f.demo.vehicleIds.includes(found.id) ? `found demo vehicle ${found.id}` : null;
    },
    valid: () => ({ identifier: "BCDF12" }),
  },
  "reception.client": {
    kind: "scoped",
    input: () => ({ rut: "11.111.111-1" }),
    leaks: (r, f) => {
      const found = r as { id: number } | null;
      return found && f.demo.clientIds.includes(found.id) ? `found demo client ${found.id}` : null;
    },
    valid: () => ({ rut: "11.111.111-1" }),
  },
  "reception.options": {
    kind: "scoped",
    leaks: (r, f) => {
      const o = r as Record<"brands" | "requirements" | "locations" | "users", { id: number }[]>;
      return (
        listLeak(o.brands, f.demo.brandIds, "brand") ??
        listLeak(o.requirements, f.demo.requirementIds, "requirement") ??
        listLeak(o.locations, f.demo.locationIds, "location") ??
        listLeak(o.users, Object.values(f.demo.userIds), "user")
      );
    },
  },
  assignableUsers: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.orderIds[0] }),
    valid: (f) => ({ id: f.demo.orderIds.at(-1) }),
  },
};
