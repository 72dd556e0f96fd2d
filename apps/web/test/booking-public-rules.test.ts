import { companyTerms, DEFAULT_TERMS } from "@taller/core";
import { describe, expect, it } from "vitest";
import {
  pickAddon,
  pickedAddons,
  dateAvailable,
  dateError,
  disabledWeekdays,
  hoursMessage,
  hoursOffered,
  minBookingDate,
  newIdempotencyKey,
  reconcileTime,
  summaryRows,
  sundayFirst,
} from "../src/features/booking-public/booking-rules";
import { gridOf } from "../src/ui/month-calendar";

describe("client booking dates (seed 000 section 5)", () => {
  it("starts tomorrow, across month and year ends", () => {
    expect(minBookingDate("2026-11-23")).toBe("2026-11-24");
    expect(minBookingDate("2026-11-30")).toBe("2026-12-01");
    expect(minBookingDate("2026-12-31")).toBe("2027-01-01");
    expect(minBookingDate("2028-02-28")).toBe("2028-02-29");
  });

  it.each([
    [1, 1],
    [2, 2],
    [6, 6],
    [7, 0],
  ])("numbers weekday %i (Monday-first) as %i Sunday-first", (iso, sunday) => expect(sundayFirst(iso)).toBe(sunday));

  it.each<[number[], number[]]>([
    [[1, 2, 3, 4, 5, 6], [0]],
    [
      [1, 2, 3, 4, 5],
      [0, 6],
    ],
    [[7], [1, 2, 3, 4, 5, 6]],
    [[], [0, 1, 2, 3, 4, 5, 6]],
    [[1, 2, 3, 4, 5, 6, 7], []],
  ])("working days %j disable Sunday-first weekdays %j", (working, disabled) =>
    expect(disabledWeekdays(working)).toEqual(disabled),
  );

  // 2026-11-23 is a Monday; the location works Monday to Saturday; 2026-12-08 is a holiday (a Tuesday).
  const rules = { min: "2026-11-24", disabledWeekdays: disabledWeekdays([1, 2, 3, 4, 5, 6]), holidays: ["2026-12-08"] };
  it.each([
    ["2026-11-23", false, "today, before the minimum"],
    ["2026-11-01", false, "long past"],
    ["2026-11-24", true, "tomorrow, a Tuesday"],
    ["2026-11-28", true, "a Saturday"],
    ["2026-11-29", false, "a Sunday, not worked"],
    ["2026-12-08", false, "a holiday"],
    ["2026-12-09", true, "the day after the holiday"],
  ])("%s is available: %s (%s)", (day, available) => {
    expect(dateAvailable(day, rules)).toBe(available);
    expect(dateError(day, rules)).toBe(available ? null : "Fecha no disponible");
  });
});

describe("client booking hours", () => {
  const hours = ["09:00", "09:30", "10:00", "17:30"];
  const now = { date: "2026-11-23", time: "09:30" };

  it("offers only times after now today, none on a past day, all on a later day", () => {
    expect(hoursOffered(hours, "2026-11-23", now)).toEqual(["10:00", "17:30"]);
    expect(hoursOffered(hours, "2026-11-22", now)).toEqual([]);
    expect(hoursOffered(hours, "2026-11-24", now)).toEqual(hours);
    expect(hoursOffered(hours, "2026-11-23", { date: "2026-11-23", time: "23:59" })).toEqual([]);
  });

  it("says 'No hay horas disponibles' when there are none or the search answered errors", () => {
    expect(hoursMessage(null, [])).toBeNull();
    expect(hoursMessage({ hours, errors: {} }, hours)).toBeNull();
    expect(hoursMessage({ hours: [], errors: {} }, [])).toBe("No hay horas disponibles");
    // Hours today all past: none offered.
    expect(hoursMessage({ hours, errors: {} }, [])).toBe("No hay horas disponibles");
    expect(hoursMessage({ hours, errors: { booking_date: ["Fecha no disponible"] } }, hours)).toBe(
      "No hay horas disponibles",
    );
    expect(hoursMessage({ hours, errors: { booking_date: [] } }, hours)).toBeNull();
  });

  it("clears a chosen time the new hours no longer offer, and marks it invalid (seed 000 section 4)", () => {
    expect(reconcileTime("10:00", ["09:00", "10:00"])).toEqual({ time: "10:00", error: null });
    expect(reconcileTime("15:00", ["09:00", "10:00"])).toEqual({ time: null, error: "La hora ya no está disponible" });
    expect(reconcileTime("15:00", [])).toEqual({ time: null, error: "La hora ya no está disponible" });
    expect(reconcileTime(null, ["09:00"])).toEqual({ time: null, error: null });
  });
});

describe("the side summary (seed 000 section 2.5)", () => {
  const empty = {
    requirement_name: null,
    location_name: null,
    client_name: null,
    professional_name: null,
    brand_name: null,
    brand_model_name: null,
    booking_date: null,
    booking_time: null,
    comment: null,
    terms: companyTerms(DEFAULT_TERMS),
  };

  it("falls back to 'Sin especificar' and 'Pendiente'", () => {
    expect(summaryRows(empty)).toEqual([
      ["Servicio", "Sin especificar"],
      ["Local", "Sin especificar"],
      ["Nombre Cliente", "Sin especificar"],
      ["Profesional", "Sin especificar"],
      ["Vehículo", "Sin especificar"],
      ["Fecha y hora", "Pendiente"],
      ["Comentario", "Sin especificar"],
    ]);
    // A date without a time is still pending; a blank comment is none.
    expect(summaryRows({ ...empty, booking_date: "2026-11-24", comment: "  " })).toContainEqual([
      "Fecha y hora",
      "Pendiente",
    ]);
    expect(summaryRows({ ...empty, comment: "  " })).toContainEqual(["Comentario", "Sin especificar"]);
  });

  it("names the client and the object with the company's terms", () => {
    const terms = companyTerms({ ...DEFAULT_TERMS, object: { singular: "Bicicleta", plural: "Bicicletas" } });
    const labels = summaryRows({ ...empty, terms }).map(([label]) => label);
    expect(labels).toContain("Bicicleta");
    expect(labels).not.toContain("Vehículo");
  });

  it("shows what is known", () => {
    const rows = summaryRows({
      ...empty,
      requirement_name: "Mantención",
      location_name: "Casa Matriz",
      client_name: "Ana Soto",
      professional_name: "Pedro Rojas",
      brand_name: "Toyota",
      brand_model_name: null,
      booking_date: "2026-11-24",
      booking_time: "10:30",
      comment: "Ruido al frenar",
    });
    expect(rows).toEqual([
      ["Servicio", "Mantención"],
      ["Local", "Casa Matriz"],
      ["Nombre Cliente", "Ana Soto"],
      ["Profesional", "Pedro Rojas"],
      ["Vehículo", "Toyota"],
      ["Fecha y hora", "24-11-2026 10:30"],
      ["Comentario", "Ruido al frenar"],
    ]);
  });
});

describe("idempotency keys", () => {
  it("are 32 hex characters, which the server's schema accepts, and differ between attempts", () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
    expect(newIdempotencyKey((b) => b.fill(255))).toBe("f".repeat(32));
  });
});

describe("the date picker's month grid", () => {
  it.each([
    // November 2026 starts on a Sunday and ends on a Monday: six weeks.
    ["2026-11", "2026-10-26", "2026-12-06", 42],
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks.
    ["2027-02", "2027-02-01", "2027-02-28", 28],
    ["2028-02", "2028-01-31", "2028-03-05", 35],
  ])("%s runs Monday to Sunday from %s to %s", (month, first, last, length) => {
    const days = gridOf(month);
    expect([days[0], days.at(-1), days.length]).toEqual([first, last, length]);
  });
});

describe("'Adicionales' picks", () => {
  const wash = { product_id: 7, name: "Lavado exterior", price: 7_000, max_quantity: 1 };
  const wipers = { product_id: 9, name: "Plumillas", price: 12_990, max_quantity: 2 };
  it("keeps quantities within 0 and the service's maximum, whole units only", () => {
    expect(pickAddon({}, wipers, 1)).toEqual({ "9": 1 });
    expect(pickAddon({ "9": 1 }, wipers, 5)).toEqual({ "9": 2 });
    expect(pickAddon({ "9": 2, "7": 1 }, wipers, 0)).toEqual({ "7": 1 });
    expect(pickAddon({}, wipers, -3)).toEqual({});
    expect(pickAddon({}, wipers, 1.7)).toEqual({ "9": 1 });
    expect(pickAddon({}, wash, Number.NaN)).toEqual({});
  });
  it("sends offered products in the offer's order, with the total in pesos", () => {
    expect(pickedAddons([wash, wipers], { "9": 2, "7": 1, "123": 4 })).toEqual({
      lines: [
        { product_id: 7, name: "Lavado exterior", quantity: 1, total: 7_000 },
        { product_id: 9, name: "Plumillas", quantity: 2, total: 25_980 },
      ],
      total: 32_980,
    });
    expect(pickedAddons([wash], {})).toEqual({ lines: [], total: 0 });
  });
});
