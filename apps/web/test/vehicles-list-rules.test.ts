import { DEFAULT_TERMS, termWords, toInstant, vehicleStatusBoxes } from "@taller/core";
import { describe, expect, it } from "vitest";
import { checkInCell, noteCell, type VehicleCellData } from "../src/features/vehicles/list-rules";
import { asVehicleStatuses, DEFAULT_VEHICLE_FILTER } from "../src/features/vehicles/statuses";

const vehicle = (v: Partial<VehicleCellData> = {}): VehicleCellData => ({
  order_id: null,
  correlative_id: null,
  booking_id: null,
  booking_date: null,
  finish_date: null,
  check_in_time: null,
  phone: null,
  ...v,
});

const VEHICLE = { object: termWords(DEFAULT_TERMS.object), order: termWords(DEFAULT_TERMS.order) };
const BIKES = {
  object: termWords({ singular: "Bicicleta", plural: "Bicicletas" }),
  order: termWords({ singular: "Reparación", plural: "Reparaciones" }),
};

describe("vehicles check-in cell (seed 000 section 2.8)", () => {
  it("an order with a number: 'Orden #N', opening the order", () => {
    expect(checkInCell(vehicle({ order_id: 40, correlative_id: 7, booking_date: "2026-12-01" }), VEHICLE)).toEqual({
      text: "Orden #7",
      action: { kind: "order", orderId: 40 },
    });
  });

  it("a booking: 'Agendado para el dd-mm-yyyy', opening the booking", () => {
    expect(checkInCell(vehicle({ booking_id: 5, booking_date: "2026-12-01" }), VEHICLE)).toEqual({
      text: "Agendado para el 01-12-2026",
      action: { kind: "booking", bookingId: 5, orderId: null },
    });
  });

  it("an order without a number opens the booking by its order", () => {
    expect(checkInCell(vehicle({ order_id: 9, booking_date: "2026-12-01" }), VEHICLE)).toEqual({
      text: "Agendado para el 01-12-2026",
      action: { kind: "booking", bookingId: null, orderId: 9 },
    });
  });

  it("nothing: 'Agendar Vehículo', opening a new booking", () => {
    expect(checkInCell(vehicle(), VEHICLE)).toEqual({ text: "Agendar Vehículo", action: { kind: "new-booking" } });
  });

  it("names the company's own object and order: 'Agendar Bicicleta', 'Reparación #7'", () => {
    expect(checkInCell(vehicle(), BIKES).text).toBe("Agendar Bicicleta");
    expect(checkInCell(vehicle({ order_id: 40, correlative_id: 7 }), BIKES).text).toBe("Reparación #7");
    expect(checkInCell(vehicle({ booking_id: 5, booking_date: "2026-12-01" }), BIKES).text).toBe(
      "Agendada para el 01-12-2026",
    );
  });

  it("names the status boxes as the spec does, or in the company's words agreeing with them", () => {
    expect(vehicleStatusBoxes(VEHICLE).map((b) => b.name)).toEqual(["Sin orden", "Agendado", "Con orden"]);
    expect(vehicleStatusBoxes(BIKES).map((b) => b.name)).toEqual(["Sin reparación", "Agendada", "Con reparación"]);
  });
});

describe("vehicles note cell (seed 000 section 2.8)", () => {
  it("prefers the scheduled delivery, then the check-in day, then the phone, then '-'", () => {
    const checkIn = toInstant(new Date("2026-11-20T15:30:00.123Z"));
    expect(noteCell(vehicle({ finish_date: "2026-11-25", check_in_time: checkIn, phone: "+56 9 1234 5678" }))).toBe(
      "Entrega agendada: 25-11-2026",
    );
    expect(noteCell(vehicle({ check_in_time: checkIn, phone: "+56 9 1234 5678" }))).toBe("Fecha ingreso: 20-11-2026");
    expect(noteCell(vehicle({ phone: "+56 9 1234 5678" }))).toBe("+56 9 1234 5678");
    expect(noteCell(vehicle())).toBe("-");
  });

  it("shows the check-in day in Chile's time", () => {
    // 01:30 UTC on the 21st is still the 20th in Santiago.
    expect(noteCell(vehicle({ check_in_time: toInstant(new Date("2026-11-21T01:30:00Z")) }))).toBe(
      "Fecha ingreso: 20-11-2026",
    );
  });
});

describe("vehicles filter", () => {
  it("defaults to Sin orden and Agendado", () => {
    expect(DEFAULT_VEHICLE_FILTER).toEqual([1, 2]);
  });

  it("keeps only known statuses from storage, in box order", () => {
    expect(asVehicleStatuses([3, 9, 1, -1])).toEqual([1, 3]);
    expect(asVehicleStatuses([])).toEqual([]);
  });
});
