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
};
