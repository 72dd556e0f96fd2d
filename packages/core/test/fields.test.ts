import { describe, expect, it } from "vitest";
import { calendarDaySchema, dayDateSchema, INVALID_DAY_TEXT, listSearchSchema } from "../src";

const message = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("the fields inputs share", () => {
  it("a day: a real YYYY-MM-DD, refused in the date field's words", () => {
    expect(dayDateSchema.parse("2028-02-29")).toBe("2028-02-29");
    for (const bad of ["2026-02-30", "30-01-2026", "2026-1-5"])
      expect(message(dayDateSchema.safeParse(bad)), bad).toBe(INVALID_DAY_TEXT);
  });

  it("a calendar day: also within 2000-2199", () => {
    expect(calendarDaySchema.safeParse("2026-03-09").success).toBe(true);
    expect(message(calendarDaySchema.safeParse("1999-12-31"))).toBe("Fecha inválida");
  });

  it("a list's search: up to 100 characters, absent or null for none", () => {
    expect(listSearchSchema.parse(undefined)).toBeUndefined();
    expect(listSearchSchema.parse(null)).toBeNull();
    expect(listSearchSchema.parse("a".repeat(100))).toHaveLength(100);
    expect(listSearchSchema.safeParse("a".repeat(101)).success).toBe(false);
  });
});
