import { describe, expect, it } from "vitest";
import { initialBudgetStatus, periodsOf, rangePieces, totalsOf } from "../src/figures";

describe("how a range is read", () => {
  it("reads whole months from month rows and the days around them from day rows", () => {
    expect(rangePieces("2024-01-15", "2028-12-20")).toEqual([
      { table: "days", from: "2024-01-15", to: "2024-01-31" },
      { table: "months", from: "2024-02-01", to: "2028-11-01" },
      { table: "days", from: "2028-12-01", to: "2028-12-20" },
    ]);
    expect(rangePieces("2026-01-01", "2026-12-31")).toEqual([
      { table: "months", from: "2026-01-01", to: "2026-12-01" },
    ]);
    expect(rangePieces("2026-02-01", "2026-02-28")).toEqual([
      { table: "months", from: "2026-02-01", to: "2026-02-01" },
    ]);
  });

  it("reads day rows only when no month is whole", () => {
    expect(rangePieces("2026-03-05", "2026-03-31")).toEqual([{ table: "days", from: "2026-03-05", to: "2026-03-31" }]);
    expect(rangePieces("2026-01-20", "2026-02-10")).toEqual([{ table: "days", from: "2026-01-20", to: "2026-02-10" }]);
  });

  it("names every period of a series by its first day, weeks from Monday", () => {
    expect(periodsOf("2026-03-04", "2026-03-17", "week")).toEqual(["2026-03-02", "2026-03-09", "2026-03-16"]);
    expect(periodsOf("2025-11-15", "2026-01-02", "month")).toEqual(["2025-11-01", "2025-12-01", "2026-01-01"]);
  });
});

describe("budgets sent and their conversion", () => {
  const statuses = [
    { id: 7, name: "Aprobado", finish: true, approve: true, position: 0 },
    { id: 5, name: "Borrador", finish: false, approve: false, position: 1 },
    { id: 6, name: "Enviado", finish: false, approve: false, position: 2 },
    { id: 8, name: "Rechazado", finish: true, approve: false, position: 3 },
    { id: 9, name: "Aprobado en parte", finish: true, approve: true, position: 4 },
  ];

  it("takes the first status that is not finished as the initial one, as a budget is created", () => {
    expect(initialBudgetStatus(statuses)).toBe(5);
    expect(initialBudgetStatus([{ id: 9, name: "Único", finish: true, approve: false, position: 0 }])).toBe(9);
    expect(initialBudgetStatus([])).toBeNull();
  });

  it("counts as sent what left the initial status, approved what is in an approval status, and each over the sent", () => {
    const rows = [
      { metric: "budgets", dim: 5, value: 4 },
      { metric: "budgets", dim: 6, value: 2 },
      { metric: "budgets", dim: 7, value: 3 },
      { metric: "budgets", dim: 8, value: 1 },
      { metric: "budgets", dim: 9, value: 2 },
    ];
    const { budgets } = totalsOf(rows, statuses, 0);
    expect(budgets.created).toBe(12);
    expect(budgets.sent).toBe(8);
    expect(budgets.approved).toBe(5);
    expect(budgets.conversion).toBe(5 / 8);
    expect(budgets.by_status.map((st) => [st.name, st.count, st.conversion])).toEqual([
      ["Aprobado", 3, 3 / 8],
      ["Borrador", 4, null],
      ["Enviado", 2, null],
      ["Rechazado", 1, 1 / 8],
      ["Aprobado en parte", 2, 2 / 8],
    ]);
  });

  it("has no conversion with nothing sent, and no approval without a status marked so", () => {
    const { budgets } = totalsOf(
      [{ metric: "budgets", dim: 5, value: 3 }],
      statuses.map((st) => ({ ...st, approve: false })),
      0,
    );
    expect(budgets).toMatchObject({ created: 3, sent: 0, approved: 0, conversion: null });
  });
});

describe("the agenda's occupancy", () => {
  it("divides the minutes booked by the minutes the agenda offered, and has none without offered hours", () => {
    const rows = [{ metric: "booked_minutes", dim: -1, value: 90 }];
    expect(totalsOf(rows, [], 360).agenda).toMatchObject({ available_hours: 6, occupancy: 0.25 });
    expect(totalsOf(rows, [], 0).agenda.occupancy).toBeNull();
  });
});
