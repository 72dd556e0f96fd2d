// Tenancy and bad-input cases of the vehicles router (see ProcedureCase in @taller/trpc/testing).
import { countLeak, listLeak, type DomainCases } from "@taller/trpc/testing";
import type { vehiclesRouter } from "../src";

export const vehiclesCases: DomainCases<typeof vehiclesRouter> = {
  list: {
    kind: "scoped",
    input: () => ({}),
    leaks: (r, f) => listLeak((r as { vehicles: { id: number }[] }).vehicles, f.demo.vehicleIds, "vehicle"),
    valid: () => ({ status_id: [1, 2], search: "a", cursor: null }),
  },
  totalsByStatus: {
    kind: "scoped",
    leaks: (r, f) =>
      countLeak((r as { by_status: { count: number }[] }).by_status, null, [], f.other.vehicleIds.length),
    valid: () => ({ search: "a" }),
  },
  get: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.vehicleIds[0] }),
    valid: (f) => ({ id: f.demo.vehicleIds[0] }),
  },
  create: {
    kind: "foreign",
    // Another company's owner, brand and model are not found: the vehicle is not written.
    input: (f) => ({ identifier: "ZXCV98", client_id: f.demo.clientIds[0], brand_id: f.demo.brandIds[0] }),
    notOwned: "an owner or brand is no one's record: whoever may create vehicles names any of the company's",
    valid: (f) => ({ identifier: "FUZZ11", client_id: f.demo.clientIds[0], year: 2020, kms: 1000 }),
    attacks: (f) => [
      { identifier: "A'); DROP TABLE vehicles; --" },
      { identifier: "BCDF12", brand_id: f.other.brandIds[0] },
      { identifier: "BCDF12", kms: -1 },
    ],
  },
  update: {
    kind: "foreign",
    input: (f) => ({ id: f.demo.vehicleIds[0], identifier: "ZXCV97" }),
    valid: (f) => ({ id: f.demo.vehicleIds[0], identifier: "FUZZ12", color: "Rojo" }),
    attacks: (f) => [{ id: f.demo.vehicleIds[0], identifier: "FUZZ12", client_id: f.other.clientIds[0] }],
  },
  brandOptions: { kind: "scoped", leaks: (r, f) => listLeak(r as { id: number }[], f.demo.brandIds, "brand") },
};
