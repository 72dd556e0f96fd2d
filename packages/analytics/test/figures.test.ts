import { describe, expect, it } from "vitest";
import { periodsOf, rangePieces } from "../src/figures";

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
