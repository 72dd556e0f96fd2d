// Tenancy and bad-input cases of the company router (see ProcedureCase in @taller/trpc/testing).
import { findIds, type DomainCases } from "@taller/trpc/testing";
import type { companyRouter } from "../src";

export const companyCases: DomainCases<typeof companyRouter> = {
  setup: {
    kind: "scoped",
    leaks: (r, f) => {
      const setup = r as { company: { id: number }; locations: { id: number }[] };
      if (setup.company.id === f.demo.companyId) return "returned the demo company";
      return findIds(setup.locations, "id", f.demo.locationIds);
    },
  },
  onEvent: {
    kind: "scoped",
    subscription: true,
    leaks: () => null,
    valid: () => ({ lastEventId: "0" }),
    // Event ids are bigint: ids past what JavaScript or PostgreSQL can hold once reached SQL as "1e+40".
    attacks: () => [
      { lastEventId: "9".repeat(40) },
      { lastEventId: "9223372036854775808" },
      { lastEventId: "9007199254740993" },
      { lastEventId: "0".repeat(30) + "1" },
      { lastEventId: "1e5" },
      { lastEventId: 1e308 },
    ],
  },
  onVersion: { kind: "public", reason: "yields only the server's version, no company data" },
  bookingAddon: {
    kind: "public",
    reason: "the crm_token resolves to its one company; without a valid token it answers UNAUTHORIZED",
    valid: () => ({ token: "no-such-token" }),
  },
};
