// The one rule set of every event write (the calendar's form and the chat's event messages both write through
// @taller/calendar's write module): pure, no database.
import { callFailure } from "@taller/trpc/testing";
import { describe, expect, it } from "vitest";
import { eventRow, type EventWrite } from "../src/write/events";

/** The field errors of a write the rules refuse. */
const refused = async (write: EventWrite) =>
  (await callFailure(new Promise((resolve) => resolve(eventRow(write))))).fields;

describe("eventRow", () => {
  it("an event written without a duration lasts an hour; hours are kept to the minute", () => {
    const start = "2026-11-20T12:00:00.000Z";
    expect(eventRow({ name: "Chat", start, orderId: null }).durationMinutes).toBe(60);
    expect(eventRow({ name: "Chat", start, durationHours: 1.755, orderId: null }).durationMinutes).toBe(105);
    expect(eventRow({ name: "Chat", start, durationHours: 744, orderId: null }).durationMinutes).toBe(44_640);
  });

  it("refuses under an hour and past 31 days, whoever writes, on the duration field", async () => {
    const at = { date: "2026-11-20", time: "09:00" };
    for (const durationHours of [0.5, 1 / 60, 0, -1]) {
      expect(await refused({ name: "X", start: at, durationHours, orderId: null })).toEqual({
        duration: ["La duración mínima es de 1 hora"],
      });
    }
    expect(await refused({ name: "X", start: at, durationHours: 745, orderId: null })).toEqual({
      duration: ["La duración máxima es de 744 horas"],
    });
  });

  it("an instant is kept; a wall-clock start is Santiago's clock, a whole day from its midnight", () => {
    const instant = "2026-07-01T13:30:00.000Z";
    expect(eventRow({ name: "Chat", start: instant, orderId: 7 })).toMatchObject({
      startAt: new Date(instant),
      allDay: false,
      orderId: 7,
    });
    // July: Chile on UTC-4; November: UTC-3 (summer time).
    const winter = eventRow({ name: "Cal", start: { date: "2026-07-01", time: "09:30" }, orderId: null });
    expect(winter.startAt.toISOString()).toBe(instant);
    const summer = eventRow({ name: "Cal", start: { date: "2026-11-20", time: "09:30" }, orderId: null });
    expect(summer.startAt.toISOString()).toBe("2026-11-20T12:30:00.000Z");
    const whole = eventRow({ name: "Inv", start: { date: "2026-11-20", time: "09:30" }, allDay: true, orderId: null });
    expect(whole.startAt.toISOString()).toBe("2026-11-20T03:00:00.000Z");
  });

  it("refuses a start string that is not an instant in the wire form", async () => {
    expect(await refused({ name: "X", start: "2026-11-20 09:00", orderId: null })).toEqual({
      start: ["Fecha de inicio inválida"],
    });
  });
});
