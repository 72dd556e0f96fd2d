import { CRM_TEXTS, crmCategoryDisplay, termWords } from "@taller/core";
import { describe, expect, it } from "vitest";
import {
  categoriesOf,
  CRM_COLOR_CSS,
  defaultFilter,
  kpiBoxes,
  managementColumns,
  nextSort,
  nextStatuses,
  parseStoredFilters,
  shorten,
  ratingsParam,
  toggleCategory,
  urlDateRange,
  urlListSort,
  urlRatings,
} from "../src/features/crm/crm-rules";

describe("categories and colours (seed 001 section 4)", () => {
  it("absences have five, retentions four (no 'booked')", () => {
    expect(categoriesOf("absence")).toEqual(["initial", "on_hold", "failed", "booked", "completed"]);
    expect(categoriesOf("retention")).toEqual(["initial", "on_hold", "failed", "completed"]);
  });

  it("each spec colour is a theme colour", () => {
    expect(CRM_COLOR_CSS[crmCategoryDisplay("absence", "completed").color]).toContain("--success");
    expect(CRM_COLOR_CSS[crmCategoryDisplay("absence", "failed").color]).toContain("--danger");
    expect(CRM_COLOR_CSS[crmCategoryDisplay("absence", "booked").color]).toContain("--warning");
    expect(CRM_COLOR_CSS[crmCategoryDisplay("absence", "on_hold").color]).toContain("--text-muted");
    expect(CRM_COLOR_CSS[crmCategoryDisplay("absence", "initial").color]).toContain("--primary");
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
    const boxes = kpiBoxes("retention", { ...kpis, booked_count: null });
    expect(boxes.map((b) => b.name)).toEqual(["En Gestión", "Contactado en Lista de Espera", "Perdidos", "Agendados"]);
    expect(boxes.map((b) => b.category)).toEqual(categoriesOf("retention"));
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
    expect(boxes.map((b) => b.category)).toEqual(categoriesOf("absence"));
    expect(boxes.at(-1)?.amount).toBe(340_000);
  });

  it("percentages are count over total_crms, rounded to whole numbers", () => {
    expect(kpiBoxes("absence", kpis).map((b) => b.percent)).toEqual([7, 13, 20, 33, 27]);
    expect(kpiBoxes("absence", { ...kpis, total_crms: 0 }).every((b) => b.percent === 0)).toBe(true);
  });
});

describe("filters (seed 001 sections 3 and 9)", () => {
  it("defaults to every category, all time and the columns that fit beside the menu", () => {
    expect(defaultFilter("retention")).toEqual({
      status: ["initial", "on_hold", "failed", "completed"],
      date_range: "all_time",
      columns: ["status", "created_at", "scheduled_for", "name", "object_identifier", "requirement_name"],
    });
    expect(defaultFilter("absence").columns).toEqual([
      "status",
      "created_at",
      "reschedule_to",
      "name",
      "object_identifier",
      "requirement_name",
    ]);
  });

  it("reads what was stored, dropping what does not exist", () => {
    const raw = JSON.stringify({
      absence: { status: ["failed", "booked", "nope"], date_range: "this_week", columns: ["phone", "name", "x"] },
      retention: { status: ["booked", "failed"], date_range: "someday" },
    });
    expect(parseStoredFilters(raw)).toEqual({
      // Columns beyond the default ones stay chosen, in the table's order.
      absence: { status: ["failed", "booked"], date_range: "this_week", columns: ["name", "phone"] },
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
      "status",
      "created_at",
      "reschedule_to",
      "check_in_time",
      "rut",
      "name",
      "email",
      "phone",
      "object_brand_name",
      "object_brand_model_name",
      "object_identifier",
      "requirement_name",
      "location_name",
      "last_contacted_at",
    ]);
    expect(managementColumns("retention").map((c) => c.key)).toContain("scheduled_for");
    // The client's column says the company's word for its clients.
    expect(managementColumns("absence").find((c) => c.key === "name")?.label).toBe("Cliente");
    const patient = termWords({ singular: "Paciente", plural: "Pacientes" });
    expect(managementColumns("absence", patient).find((c) => c.key === "name")?.label).toBe("Paciente");
    expect(managementColumns("retention").map((c) => c.key)).not.toContain("reschedule_to");
  });

  it("offers on the headers only the sorts the lists take", () => {
    expect(
      managementColumns("retention")
        .filter((c) => c.sort)
        .map((c) => c.sort),
    ).toEqual(["created_at", "scheduled_for", "last_contacted_at"]);
  });

  it("a new column sorts descending, the same one flips", () => {
    expect(nextSort({ sort: "created_at", sort_direction: "desc" }, "created_at")).toEqual({
      sort: "created_at",
      sort_direction: "asc",
    });
    expect(nextSort({ sort: "created_at", sort_direction: "asc" }, "created_at")).toEqual({
      sort: "created_at",
      sort_direction: "desc",
    });
    expect(nextSort({ sort: "created_at", sort_direction: "asc" }, "last_contacted_at")).toEqual({
      sort: "last_contacted_at",
      sort_direction: "desc",
    });
  });
});

describe("the detail", () => {
  it("the status menu offers every status but the current (seed 001 section 4), within the company's transitions", () => {
    const all = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(nextStatuses(all, 2, [])).toEqual([{ id: 1 }, { id: 3 }]);
    expect(nextStatuses([{ id: 1 }], null, [])).toEqual([{ id: 1 }]);
    // A rule from the current status binds it; rules from other statuses do not.
    expect(nextStatuses(all, 2, [{ from_status_id: 2, to_status_id: 3 }])).toEqual([{ id: 3 }]);
    expect(nextStatuses(all, 2, [{ from_status_id: 1, to_status_id: 3 }])).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it("the texts the screens show are the spec's", () => {
    expect(CRM_TEXTS.confirmLost).toBe("¿Está seguro que desea marcar la gestión como perdida?");
    expect(CRM_TEXTS.updated).toBe("La gestión ha sido actualizada");
  });

  it("shortens client names to 25 characters", () => {
    expect(shorten("a".repeat(25), 25)).toBe("a".repeat(25));
    expect(shorten("a".repeat(26), 25)).toBe(`${"a".repeat(24)}…`);
  });
});

describe("the CRM's query parameters", () => {
  it("keeps a known date range and sort, and drops what names nothing", () => {
    expect(urlDateRange("last_month")).toBe("last_month");
    expect(urlDateRange("ayer")).toBeUndefined();
    expect(urlDateRange(undefined)).toBeUndefined();
    expect(urlListSort("last_contacted_at", "asc")).toEqual({ sort: "last_contacted_at", sort_direction: "asc" });
    expect(urlListSort("scheduled_for", undefined)).toEqual({ sort: "scheduled_for", sort_direction: "desc" });
    expect(urlListSort("name", "asc")).toEqual({ sort: "created_at", sort_direction: "desc" });
  });

  it("ratings: every one without the parameter, and no parameter when every one is on", () => {
    expect(urlRatings(undefined)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(urlRatings([5, 0, 9])).toEqual([0, 5]);
    expect(ratingsParam([0, 1, 2, 3, 4, 5])).toBeUndefined();
    expect(ratingsParam([4])).toEqual([4]);
  });
});
