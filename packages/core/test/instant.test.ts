import { describe, expect, it } from "vitest";
import { formatDateTime, instantDate, isInstant, toInstant, totalText, wallClockDate, formatNumber } from "../src";

describe("the wire form of instants", () => {
  it("is ISO-8601 in UTC with milliseconds, and the formatters read it", () => {
    const instant = toInstant(new Date("2026-04-05T03:30:00Z"));
    expect(instant).toBe("2026-04-05T03:30:00.000Z");
    expect(isInstant(instant)).toBe(true);
    expect(formatDateTime(instant)).toBe("04-04-2026 23:30");
    expect(instantDate(instant).getTime()).toBe(Date.UTC(2026, 3, 5, 3, 30));
    for (const other of ["2026-04-05 03:30:00+00", "2026-04-05T03:30:00Z", "2026-04-05", "x", 5])
      expect(isInstant(other)).toBe(false);
  });

  it("becomes a spreadsheet cell holding Chile's wall-clock time", () => {
    expect(wallClockDate("2026-04-05T03:30:00.000Z")).toEqual(new Date("2026-04-04T23:30:00Z"));
    expect(wallClockDate("2026-09-06T04:00:00Z")).toEqual(new Date("2026-09-06T01:00:00Z"));
  });
});

describe("list totals", () => {
  it("read 'más de' when the count stopped at its cap", () => {
    expect(totalText(1234, false, formatNumber)).toBe("1.234");
    expect(totalText(10_000, true, formatNumber)).toBe("más de 10.000");
  });
});
