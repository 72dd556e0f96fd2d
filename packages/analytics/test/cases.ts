// Tenancy and bad-input cases of the analytics router (see ProcedureCase in @taller/trpc/testing).
import { findIds, type DomainCases } from "@taller/trpc/testing";
import type { analyticsRouter, Dashboard } from "../src";

// Wide enough to hold every seeded order, booking and payment of either company.
const range = { from: "2000-01-01", to: "2004-12-30" };
const wide = () => ({ from: "2023-01-01", to: "2027-12-30" });

export const analyticsCases: DomainCases<typeof analyticsRouter> = {
  dashboard: {
    kind: "scoped",
    input: wide,
    // Another company's figures count only its own orders and bookings and name none of the demo's users or
    // budget statuses.
    leaks: (r, f) => {
      const d = r as Dashboard;
      if (d.totals.orders.received > f.other.orderIds.length) return `counted ${d.totals.orders.received} orders`;
      if (d.totals.agenda.bookings > f.other.bookingIds.length) return `counted ${d.totals.agenda.bookings} bookings`;
      return (
        findIds(d.users, "id", Object.values(f.demo.userIds)) ??
        findIds(d.totals.budgets.by_status, "status_id", f.demo.statusIds.Budget)
      );
    },
    valid: (f) => ({ ...range, location_ids: [f.demo.locationIds[0]], compare: true }),
    attacks: (f) => [
      { ...range, location_ids: [f.other.locationIds[0]] },
      { from: "2020-01-01", to: "2026-01-01" },
      { from: "2026-02-01", to: "2026-01-01" },
      { from: "2026-02-30", to: "2026-03-01" },
      { from: "01-01-2026", to: "2026-03-01" },
    ],
  },
  export: {
    kind: "scoped",
    input: () => ({ ...wide(), figure: "technicians" }),
    // The file is written from the same readDashboard as analytics.dashboard, whose answer is checked above; its
    // bytes are deflated, so a name cannot be looked for in them.
    leaks: () => null,
    valid: () => ({ ...range, figure: "orders", compare: false }),
    attacks: () => [
      { ...range, figure: "everything" },
      { ...range, figure: ["orders"] },
    ],
  },
};
