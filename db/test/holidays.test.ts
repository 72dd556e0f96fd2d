import { describe, expect, it } from "vitest";
import { chileanHolidays, easter } from "../src/seed/data";

describe("Chilean holidays", () => {
  it("computes Easter", () => {
    expect(easter(2026).toISOString().slice(0, 10)).toBe("2026-04-05");
    expect(easter(2025).toISOString().slice(0, 10)).toBe("2025-04-20");
  });
  it("lists the year's holidays in order, Good Friday included", () => {
    const days = chileanHolidays(2026);
    expect(days.find((d) => d.name === "Viernes Santo")?.date).toBe("2026-04-03");
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    expect(days).toContainEqual({ date: "2026-09-18", name: "Independencia Nacional" });
  });
});
