import { describe, expect, it } from "vitest";
import {
  bookingAction,
  categoriesOf,
  CATEGORY_COLORS,
  categoryOf,
  categoryTitle,
  DATE_RANGE_LABELS,
  DATE_RANGES,
  defaultFilter,
  kpiBoxes,
  kpiPercent,
  managementColumns,
  nextSort,
  otherStatuses,
  parseStoredFilters,
  ratingShares,
  shorten,
  toggleCategory,
} from "../src/features/crm/crm-rules";

const flags = (f: Partial<{ completed: boolean; failed: boolean; booked: boolean }> = {}) => ({ completed: false, failed: false, booked: false, ...f });

describe("categories (seed 001 section 4)", () => {
  it("absences have five, retentions four (no 'booked')", () => {
    expect(categoriesOf("absence")).toEqual(["initial", "on_hold", "failed", "booked", "completed"]);
    expect(categoriesOf("retention")).toEqual(["initial", "on_hold", "failed", "completed"]);
  });

  it("reads the status flags before the waiting list", () => {
    expect(categoryOf("absence", flags({ completed: true }), true)).toBe("completed");
    expect(categoryOf("absence", flags({ failed: true }), true)).toBe("failed");
    expect(categoryOf("absence", flags({ booked: true }), false)).toBe("booked");
    expect(categoryOf("absence", flags(), true)).toBe("on_hold");
    expect(categoryOf("absence", flags(), false)).toBe("initial");
    expect(categoryOf("absence", null, false)).toBe("initial");
  });

  it("'booked' is not a retention category", () => {
    expect(categoryOf("retention", flags({ booked: true }), false)).toBe("initial");
    expect(categoryOf("retention", flags({ booked: true }), true)).toBe("on_hold");
  });

  it("titles: 'Recuperado' is 'Agendado' for retentions", () => {
    expect(categoryTitle("absence", "completed")).toBe("Recuperado");
    expect(categoryTitle("retention", "completed")).toBe("Agendado");
    expect(categoryTitle("retention", "failed")).toBe("Perdido");
    expect(categoryTitle("absence", "booked")).toBe("Reagendado");
    expect(categoryTitle("absence", "on_hold")).toBe("Contactado en Lista de Espera");
    expect(categoryTitle("retention", "initial")).toBe("En Gestión");
  });

  it("colours: success, error, warning, outline, primary", () => {
    expect(CATEGORY_COLORS.completed).toContain("--success");
    expect(CATEGORY_COLORS.failed).toContain("--danger");
    expect(CATEGORY_COLORS.booked).toContain("--warning");
    expect(CATEGORY_COLORS.on_hold).toContain("--text-muted");
    expect(CATEGORY_COLORS.initial).toContain("--primary");
  });
});

describe("KPI boxes (seed 001 sections 2, 3 and 9)", () => {
  const kpis = {
    on_going_count: 1,
    on_hold_count: 2,
    lost_count: 3,
    completed_count: 4,
    booked_count: 5,
    total_crms: 15,
    estimated_on_going_amount: 120_000,
    recovered_amount: 340_000,
  };

  it("retentions: four boxes, the estimated amount on 'En Gestión'", () => {
    const boxes = kpiBoxes("retention", kpis);
    expect(boxes.map((b) => b.name)).toEqual(["En Gestión", "Contactado en Lista de Espera", "Perdidos", "Agendados"]);
    expect(boxes[0]?.amount).toBe(120_000);
    expect(boxes.slice(1).every((b) => b.amount === null)).toBe(true);
  });

  it("absences: five boxes, the recovered amount on 'Recuperados'", () => {
    const boxes = kpiBoxes("absence", kpis);
    expect(boxes.map((b) => [b.name, b.count])).toEqual([
      ["En Gestión", 1],
      ["Contactado en Lista de Espera", 2],
      ["Perdidos", 3],
      ["Reagendados", 5],
      ["Recuperados", 4],
    ]);
    expect(boxes.at(-1)?.amount).toBe(340_000);
  });

  it("percentages are count over total_crms, rounded to whole numbers", () => {
    expect(kpiBoxes("absence", kpis).map((b) => b.percent)).toEqual([7, 13, 20, 33, 27]);
    expect(kpiPercent(1, 3)).toBe(33);
    expect(kpiPercent(2, 3)).toBe(67);
    expect(kpiPercent(1, 200)).toBe(1); // 0.5 rounds up
    expect(kpiPercent(0, 0)).toBe(0);
  });
});

describe("filters (seed 001 sections 3 and 9)", () => {
  it("date ranges in the spec's order, each with a Spanish label", () => {
    expect(DATE_RANGES).toEqual(["today", "this_week", "this_month", "last_month", "this_year", "last_year", "all_time"]);
    expect(Object.keys(DATE_RANGE_LABELS)).toEqual([...DATE_RANGES]);
  });

  it("defaults to every category, all time and every column", () => {
    expect(defaultFilter("retention")).toEqual({
      status: ["initial", "on_hold", "failed", "completed"],
      date_range: "all_time",
      columns: managementColumns("retention").map((c) => c.key),
    });
  });

  it("reads what was stored, dropping what does not exist", () => {
    const raw = JSON.stringify({
      absence: { status: ["failed", "booked", "nope"], date_range: "this_week", columns: ["name", "x"] },
      retention: { status: ["booked", "failed"], date_range: "someday" },
    });
    expect(parseStoredFilters(raw)).toEqual({
      absence: { status: ["failed", "booked"], date_range: "this_week", columns: ["name"] },
      retention: { status: ["failed"], date_range: "all_time", columns: defaultFilter("retention").columns },
    });
  });

  it("nothing or garbage stored is no stored filter", () => {
    expect(parseStoredFilters(null)).toEqual({});
    expect(parseStoredFilters("{not json")).toEqual({});
    expect(parseStoredFilters("42")).toEqual({});
  });

  it("toggling keeps the boxes' order", () => {
    expect(toggleCategory("absence", ["failed", "initial"], "on_hold")).toEqual(["initial", "on_hold", "failed"]);
    expect(toggleCategory("absence", ["initial", "failed"], "initial")).toEqual(["failed"]);
  });
});

describe("columns and sort", () => {
  it("every column of seed 001 section 2, the rescheduled date by kind", () => {
    expect(managementColumns("absence").map((c) => c.key)).toEqual([
      "status", "created_at", "reschedule_to", "check_in_time", "rut", "name", "email", "phone", "brand", "model",
      "identifier", "requirement", "location", "last_contacted_at",
    ]);
    expect(managementColumns("retention").map((c) => c.key)).toContain("scheduled_for");
  });

  it("a new column sorts descending, the same one flips", () => {
    expect(nextSort({ sort: "created_at", sort_direction: "desc" }, "created_at")).toEqual({ sort: "created_at", sort_direction: "asc" });
    expect(nextSort({ sort: "created_at", sort_direction: "asc" }, "created_at")).toEqual({ sort: "created_at", sort_direction: "desc" });
    expect(nextSort({ sort: "created_at", sort_direction: "asc" }, "name")).toEqual({ sort: "name", sort_direction: "desc" });
  });
});

describe("the detail's actions (seed 001 section 4)", () => {
  it("'Agendar Vehículo' without a booking, 'Reagendar Vehículo' before check-in, none after", () => {
    expect(bookingAction(null)).toBe("Agendar Vehículo");
    expect(bookingAction({ checked_in: false })).toBe("Reagendar Vehículo");
    expect(bookingAction({ checked_in: true })).toBeNull();
  });

  it("the status menu offers every status but the current", () => {
    expect(otherStatuses([{ id: 1 }, { id: 2 }, { id: 3 }], 2)).toEqual([{ id: 1 }, { id: 3 }]);
    expect(otherStatuses([{ id: 1 }], null)).toEqual([{ id: 1 }]);
  });
});

describe("clients (seed 001 sections 2 and 9)", () => {
  it("ratings 0 to 5 with counts and whole percentages, missing ratings as 0", () => {
    expect(ratingShares([{ rating: 5, count: 3 }, { rating: 0, count: 1 }])).toEqual([
      { rating: 0, count: 1, percent: 25 },
      { rating: 1, count: 0, percent: 0 },
      { rating: 2, count: 0, percent: 0 },
      { rating: 3, count: 0, percent: 0 },
      { rating: 4, count: 0, percent: 0 },
      { rating: 5, count: 3, percent: 75 },
    ]);
  });

  it("shortens names to 25 characters", () => {
    expect(shorten("a".repeat(25), 25)).toBe("a".repeat(25));
    expect(shorten("a".repeat(26), 25)).toBe(`${"a".repeat(24)}…`);
  });
});
