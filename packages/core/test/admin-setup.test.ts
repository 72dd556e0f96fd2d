// The setup rules /admin's forms and procedures share (pure: no database).
import { describe, expect, it } from "vitest";
import {
  allowedDomainsSchema,
  createStatusSchema,
  editableDaysPreferencesSchema,
  hexColorSchema,
  requirementFieldsSchema,
} from "../src";

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("hexColorSchema", () => {
  it("takes #rrggbb only, stored lowercase", () => {
    expect(hexColorSchema.parse(" #A1B2C3 ")).toBe("#a1b2c3");
    for (const bad of ["red", "#abc", "#abcdefa", "#abcdeg", "a1b2c3", "url(#x)"])
      expect(hexColorSchema.safeParse(bad).success).toBe(false);
  });
});

describe("createStatusSchema", () => {
  it("asks CRM statuses for their category and refuses one elsewhere", () => {
    expect(messages(createStatusSchema.safeParse({ type: "Crm::Booking", name: "X", color: "#000000" }))).toEqual({
      crm_category: "Elige la categoría",
    });
    expect(
      messages(createStatusSchema.safeParse({ type: "Order", name: "X", color: "#000000", crm_category: "initial" })),
    ).toEqual({
      crm_category: "Solo los estados de CRM tienen categoría",
    });
    expect(createStatusSchema.parse({ type: "Order", name: " Listo ", color: "#000000" })).toEqual({
      type: "Order",
      name: "Listo",
      color: "#000000",
      finish: false,
      crm_category: null,
    });
  });
});

describe("requirementFieldsSchema", () => {
  const base = {
    name: "R",
    duration_minutes: 60,
    price: 0,
    speciality_id: null,
    next_requirement_id: null,
    next_after_months: null,
    next_after_kms: null,
  };
  it("a follow-up rule needs its next requirement and a delay, in months or kilometres", () => {
    expect(requirementFieldsSchema.safeParse({ ...base, next_requirement_id: 3, next_after_kms: 10000 }).success).toBe(
      true,
    );
    expect(messages(requirementFieldsSchema.safeParse({ ...base, next_requirement_id: 3 }))).toEqual({
      next_after_months: "Indica después de cuántos meses o kilómetros",
    });
    expect(messages(requirementFieldsSchema.safeParse({ ...base, next_after_months: 6 }))).toEqual({
      next_requirement_id: "Elige el requerimiento siguiente",
    });
    expect(
      messages(requirementFieldsSchema.safeParse({ ...base, next_requirement_id: 3, next_after_months: 121 })),
    ).toEqual({ next_after_months: "Entre 1 y 120 meses" });
  });
});

describe("allowedDomainsSchema", () => {
  it("keeps patterns a frame-ancestors header can carry, one space apart, and names the first it cannot", () => {
    expect(allowedDomainsSchema.parse("  https://a.cl   *.b.cl\tlocalhost:3000 ")).toBe(
      "https://a.cl *.b.cl localhost:3000",
    );
    expect(allowedDomainsSchema.parse("")).toBe("");
    expect(messages(allowedDomainsSchema.safeParse("a.cl https://b.cl;script-src"))).toEqual({
      "": "Dominio inválido: https://b.cl;script-src",
    });
    expect(allowedDomainsSchema.safeParse("tienda*.cl").success).toBe(false);
  });
});

describe("editableDaysPreferencesSchema", () => {
  const day = { enabled: true, start_time: "09:00", end_time: "18:00" };
  const days = { "1": day, "2": day, "3": day, "4": day, "5": day, "6": day, "7": day };
  it("an open day ends after it starts; a closed one may keep any hours", () => {
    expect(editableDaysPreferencesSchema.safeParse({ max_bookings: 3, time_interval: 10, days }).success).toBe(true);
    const backwards = {
      ...days,
      "3": { enabled: true, start_time: "18:00", end_time: "18:00" },
      "7": { enabled: false, start_time: "18:00", end_time: "09:00" },
    };
    expect(
      messages(editableDaysPreferencesSchema.safeParse({ max_bookings: 3, time_interval: 10, days: backwards })),
    ).toEqual({
      "days.3.end_time": "La hora de término debe ser posterior a la de inicio",
    });
  });
});
