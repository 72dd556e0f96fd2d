import { describe, expect, it } from "vitest";
import {
  calendarTitle,
  deliveryItem,
  eventItem,
  itemsByDay,
  monthGrid,
  sortDayItems,
  step,
  weekDays,
  weekdayNames,
  type EventLike,
  viewWindow,
} from "../src/features/calendar/calendar-rules";
import type { Instant } from "@taller/core";

const at = (iso: string) => iso as Instant;

describe("calendar grids", () => {
  it("a month grid is whole weeks, Monday first, covering the 1st to the last day", () => {
    const grid = monthGrid("2026-11-23");
    expect(grid[0]?.[0]).toBe("2026-10-26");
    expect(grid.at(-1)?.at(-1)).toBe("2026-12-06");
    expect(grid.every((w) => w.length === 7)).toBe(true);
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks.
    expect(monthGrid("2027-02-10")).toHaveLength(4);
    expect(monthGrid("2027-02-10")[0]?.[0]).toBe("2027-02-01");
  });

  it("a week runs Monday to Sunday, across a month's end", () => {
    expect(weekDays("2026-12-02")).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ]);
  });

  it("previous/next step by a month (clamped), a week or a day", () => {
    expect(step("2026-01-31", "month", 1)).toBe("2026-02-28");
    expect(step("2026-03-31", "month", -1)).toBe("2026-02-28");
    expect(step("2026-12-15", "month", 1)).toBe("2027-01-15");
    expect(step("2026-01-15", "month", -1)).toBe("2025-12-15");
    expect(step("2026-11-30", "week", 1)).toBe("2026-12-07");
    expect(step("2026-03-01", "day", -1)).toBe("2026-02-28");
  });

  it("titles and weekday names in Spanish", () => {
    expect(calendarTitle("2026-11-23", "month")).toBe("Noviembre de 2026");
    expect(calendarTitle("2026-11-23", "day")).toBe("Lunes, 23 de noviembre de 2026");
    expect(calendarTitle("2026-11-25", "week")).toMatch(/^23 nov.* – 29 nov.* 2026$/);
    expect(weekdayNames().map((w) => w.long)).toEqual([
      "lunes",
      "martes",
      "miércoles",
      "jueves",
      "viernes",
      "sábado",
      "domingo",
    ]);
  });
});

describe("calendar items", () => {
  const event = (e: Partial<EventLike>): EventLike => ({
    id: 1,
    name: "Evento",
    start_date: at("2026-11-23T12:00:00.000Z"),
    all_day: false,
    date: "2026-11-23",
    duration: 1,
    eventable_type: null,
    ended_at: null,
    order_total: null,
    status_name: null,
    identifier: null,
    ...e,
  });

  it("a delivery shows its plate, its state's colour and Chile's time; a scheduled one is all-day", () => {
    const base = { id: 7, correlative_id: 42, identifier: "BCDF12", order_total: 100_000, status_name: "Entregado" };
    const late = deliveryItem({
      ...base,
      finish_date: "2026-11-20",
      completed_at: at("2026-11-21T20:15:00.000Z"),
      ended_at: null,
    });
    expect(late).toMatchObject({
      date: "2026-11-21",
      time: "17:15",
      label: "BCDF12",
      state: "Finalizado atrasado",
      color: "#B45309",
      ended: false,
    });
    const scheduled = deliveryItem({
      ...base,
      identifier: null,
      finish_date: "2026-11-20",
      completed_at: null,
      ended_at: null,
    });
    expect(scheduled).toMatchObject({ time: null, label: "#42", state: "Finalización agendada" });
    expect(deliveryItem({ ...base, finish_date: null, completed_at: null, ended_at: null })).toBeNull();
  });

  it("events are purple, teal when attached to an order; all-day ones have no time", () => {
    expect(eventItem(event({})).color).toBe("#6A1B9A");
    expect(eventItem(event({ eventable_type: "Order" })).color).toBe("#00695C");
    expect(eventItem(event({ all_day: true })).time).toBeNull();
    expect(eventItem(event({})).time).toBe("09:00");
  });

  it("a day lists timed items by time and the all-day ones last", () => {
    const items = [
      eventItem(event({ id: 1, name: "Inventario", all_day: true })),
      eventItem(event({ id: 2, name: "Tarde", start_date: at("2026-11-23T18:00:00.000Z") })),
      eventItem(event({ id: 3, name: "Mañana", start_date: at("2026-11-23T11:00:00.000Z") })),
    ];
    expect(sortDayItems(items).map((i) => i.label)).toEqual(["Mañana", "Tarde", "Inventario"]);
    expect(
      itemsByDay(items)
        .get("2026-11-23")
        ?.map((i) => i.label),
    ).toEqual(["Mañana", "Tarde", "Inventario"]);
  });
});

describe("viewWindow", () => {
  it.each([
    ["month", "2026-11-18", "2026-10-25", "2026-12-07"],
    ["week", "2026-11-18", "2026-11-16", "2026-11-22"],
    ["day", "2026-11-18", "2026-11-18", "2026-11-18"],
  ] as const)("%s of %s asks %s to %s", (mode, day, from, to) => {
    expect(viewWindow(day, mode)).toEqual({ from, to });
  });
});
