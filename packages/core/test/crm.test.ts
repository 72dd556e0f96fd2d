import { describe, expect, it } from "vitest";
import {
  crmBookingAction,
  crmCategory,
  crmCategoryDisplay,
  crmDayRange,
  crmInstantRange,
  kpiPercent,
} from "../src/crm";

describe("CRM date ranges (America/Santiago)", () => {
  it("'this week' starts on Monday, also when today is Sunday or Monday", () => {
    expect(crmDayRange("this_week", "2026-11-25")).toEqual({ from: "2026-11-23", to: "2026-11-30" }); // Wednesday
    expect(crmDayRange("this_week", "2026-11-29")).toEqual({ from: "2026-11-23", to: "2026-11-30" }); // Sunday
    expect(crmDayRange("this_week", "2026-11-23")).toEqual({ from: "2026-11-23", to: "2026-11-30" }); // Monday
    expect(crmDayRange("this_week", "2027-01-01")).toEqual({ from: "2026-12-28", to: "2027-01-04" }); // across years
  });

  it("'last month' crosses a year boundary in January", () => {
    expect(crmDayRange("last_month", "2027-01-15")).toEqual({ from: "2026-12-01", to: "2027-01-01" });
    expect(crmDayRange("last_month", "2026-03-31")).toEqual({ from: "2026-02-01", to: "2026-03-01" });
    expect(crmDayRange("this_month", "2026-12-31")).toEqual({ from: "2026-12-01", to: "2027-01-01" });
  });

  it("today, years and all time", () => {
    expect(crmDayRange("today", "2026-02-28")).toEqual({ from: "2026-02-28", to: "2026-03-01" });
    expect(crmDayRange("this_year", "2026-06-01")).toEqual({ from: "2026-01-01", to: "2027-01-01" });
    expect(crmDayRange("last_year", "2026-06-01")).toEqual({ from: "2025-01-01", to: "2026-01-01" });
    expect(crmDayRange("all_time", "2026-06-01")).toEqual({ from: null, to: null });
  });

  it("'today' is Santiago's day, not UTC's: 01:00 UTC on the 24th is still the 23rd in Chile", () => {
    const range = crmInstantRange("today", new Date("2026-11-24T01:00:00Z"));
    // Summer time (UTC-3): the 23rd runs from 03:00 UTC to 03:00 UTC.
    expect(range).toEqual({ from: "2026-11-23T03:00:00.000Z", to: "2026-11-24T03:00:00.000Z" });
  });

  it("a day on which daylight saving starts is 23 hours long, one on which it ends 25", () => {
    // 2026: Chile moves to summer time on Sunday 6 September (00:00 becomes 01:00) and back at the end of
    // Saturday 4 April (24:00 becomes 23:00 again).
    const start = crmInstantRange("today", new Date("2026-09-06T15:00:00Z"));
    expect(start.from).toBe("2026-09-06T04:00:00.000Z");
    expect(start.to).toBe("2026-09-07T03:00:00.000Z");
    const end = crmInstantRange("today", new Date("2026-04-04T15:00:00Z"));
    expect(end.from).toBe("2026-04-04T03:00:00.000Z");
    expect(end.to).toBe("2026-04-05T04:00:00.000Z");
  });
});

describe("CRM categories and texts", () => {
  it("on hold shows only while the management is open", () => {
    expect(crmCategory("initial", true)).toBe("on_hold");
    expect(crmCategory("failed", true)).toBe("failed");
    expect(crmCategory(null, false)).toBe("initial");
  });

  it("titles and colours of seed 001 section 4", () => {
    expect(crmCategoryDisplay("retention", "completed")).toEqual({ title: "Agendado", color: "success" });
    expect(crmCategoryDisplay("absence", "completed")).toEqual({ title: "Recuperado", color: "success" });
    expect(crmCategoryDisplay("absence", "booked")).toEqual({ title: "Reagendado", color: "warning" });
    expect(crmCategoryDisplay("absence", "on_hold")).toEqual({
      title: "Contactado en Lista de Espera",
      color: "outline",
    });
    expect(crmCategoryDisplay("retention", "initial")).toEqual({ title: "En Gestión", color: "primary" });
    expect(crmCategoryDisplay("retention", "failed")).toEqual({ title: "Perdido", color: "error" });
  });

  it("KPI percentages are rounded whole numbers, 0 without managements", () => {
    expect(kpiPercent(1, 3)).toBe(33);
    expect(kpiPercent(2, 3)).toBe(67);
    expect(kpiPercent(0, 0)).toBe(0);
  });

  it("the detail's custom action follows the booking", () => {
    expect(crmBookingAction(null)).toBe("book");
    expect(crmBookingAction({ checked_in: false })).toBe("rebook");
    expect(crmBookingAction({ checked_in: true })).toBeNull();
  });
});
