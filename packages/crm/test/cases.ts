// Tenancy and bad-input cases of the crm router (see ProcedureCase in @taller/trpc/testing): another company's
// managements and clients are NOT_FOUND, its lists never show the demo company's rows.
import { findIds, listLeak, type DomainCases } from "@taller/trpc/testing";
import type { DemoFixtures } from "@taller/db/seed";
import type { crmRouter } from "../src/router";

const crmIds = (f: DemoFixtures) => [f.demo.crmId, ...f.demo.crmIds];
const items = (r: unknown) => (r as { items: { id: number }[] }).items;
const listCase = (kind: string) => ({
  kind: "scoped" as const,
  input: () => ({ search: "a", date_range: "all_time" }),
  leaks: (r: unknown, f: DemoFixtures) => listLeak(items(r), crmIds(f), `${kind} management`),
  valid: (f: DemoFixtures) => ({
    status: ["initial", "on_hold"],
    date_range: "this_year",
    location_ids: f.demo.locationIds,
    sort: "created_at",
    sort_direction: "asc",
  }),
  attacks: (f: DemoFixtures) => [
    { location_ids: [f.other.locationIds[0]] },
    { status: ["deleted"] },
    { date_range: "forever" },
    { cursor: "x".repeat(1001) },
    { cursor: "eyJhZnRlciI6WzEsMV19.AAAA" },
    { search: "%_\\' OR 1=1 --" },
    { sort: "id; DROP TABLE crms" },
  ],
});

export const crmCases: DomainCases<typeof crmRouter> = {
  retentions: listCase("retention"),
  absences: listCase("absence"),
  bookings: listCase("booking"),
  kpis: {
    kind: "scoped",
    input: () => ({ kind: "absence" }),
    // Counts only: the other company's strip counts at most its own managements.
    leaks: (r, f) =>
      (r as { total_crms: number }).total_crms > f.other.crmIds.length + 1
        ? "counted another company's managements"
        : null,
    valid: (f) => ({ kind: "retention", date_range: "last_month", location_ids: f.demo.locationIds }),
    attacks: (f) => [{ kind: "Crm::Retention" }, { kind: "absence", location_ids: [f.other.locationIds[0]] }],
  },
  statuses: { kind: "scoped", leaks: (r, f) => findIds(r, "id", f.demo.crmStatusIds) },
  get: { kind: "foreign", input: (f) => ({ id: f.demo.crmId }), valid: (f) => ({ id: f.demo.crmId }) },
  updateStatus: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.crmId, status_id: f.other.crmStatusIds[1] }),
    valid: (f) => ({ id: f.demo.crmId, status_id: f.demo.crmStatusIds[1] }),
    attacks: (f) => [{ id: f.other.crmId, status_id: f.demo.crmStatusIds[1] }],
  },
  markLost: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.crmId }),
    valid: (f) => ({ id: f.demo.crmId, comment: "No contesta" }),
    attacks: (f) => [{ id: f.other.crmId, comment: "x".repeat(1001) }],
  },
  waitingList: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.crmId }),
    valid: (f) => ({ id: f.demo.crmId, comment: "Llamar en marzo" }),
  },
  clients: {
    kind: "scoped",
    input: () => ({ search: "a", page_size: 100 }),
    leaks: (r, f) => listLeak(items(r), f.demo.clientIds, "client"),
    valid: () => ({ rating: [4, 5], page: 2, page_size: 10, sort: "name", sort_direction: "asc" }),
    attacks: () => [{ page_size: 1000 }, { page: 0 }, { rating: [6] }, { sort: "rut" }],
  },
  clientDetail: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.clientIds[0] }),
    valid: (f) => ({ id: f.demo.clientIds[0] }),
  },
  updateClient: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.clientIds[0], name: "Intruso" }),
    valid: (f) => ({
      id: f.demo.clientIds[0],
      name: "Carolina Muñoz",
      rut: "12.345.678-5",
      email: "carolina@example.com",
      rating: 4,
    }),
    attacks: (f) => [
      { id: f.other.clientIds[0], name: "" },
      { id: f.other.clientIds[0], name: "X", rut: "1-1" },
      { id: f.other.clientIds[0], name: "X", email: "no" },
    ],
  },
  createClient: {
    kind: "scoped",
    input: () => ({ name: "Cliente de Otro Taller", rut: "9.876.543-3" }),
    // The answer is the client just created in the caller's company.
    leaks: (r, f) => findIds(r, "id", f.demo.clientIds),
    valid: () => ({ name: "Rosa Reyes", rut: "7.654.321-6", phone: "+56 9 5555 1234", email: "rosa@example.com" }),
    attacks: () => [
      { name: "X", rut: "7.654.321-0" },
      { name: "X", phone: "555" },
      { name: "", email: "no" },
    ],
  },
  mergeClients: {
    kind: "foreign",
    input: (f) => ({ into: f.demo.clientIds[0], from: f.demo.clientIds[1] }),
    notOwned: "a client is no one's record: whoever may update and delete clients merges any two of the company's",
    // History clients, so the fuzzing leaves the demo's named ones in place.
    valid: (f) => ({ into: f.demo.clientIds.at(-1), from: f.demo.clientIds.at(-2) }),
    attacks: (f) => [
      { into: f.demo.clientIds[0], from: f.other.clientIds[0] },
      { into: f.demo.clientIds[0], from: f.demo.clientIds[0] },
    ],
  },
  onChanged: {
    kind: "scoped",
    subscription: true,
    // The stream carries crm.changed only; the walk's probes must be of that type.
    probes: (f) => [
      { companyId: f.demo.companyId, type: "crm.changed", payload: { ids: [900_001] } },
      { companyId: f.other.companyId, type: "crm.changed", payload: { ids: [900_002] } },
    ],
    leaks: () => null,
  },
};
