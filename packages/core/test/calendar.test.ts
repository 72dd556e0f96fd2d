import { describe, expect, it } from "vitest";
import {
  calendarWindow,
  dayOf,
  daySums,
  deliveryDisplay,
  eventColor,
  eventEnd,
  eventInputSchema,
  zonedInstant,
  EVENT_COLOR,
  ORDER_EVENT_COLOR,
  type DeliveryDates,
} from "../src";

const delivery = (d: Partial<DeliveryDates>): DeliveryDates => ({
  finish_date: null,
  completed_at: null,
  ended_at: null,
  ...d,
});

describe("deliveryDisplay: one state per rule of seed 000 section 4", () => {
  const cases: [
    string,
    Partial<DeliveryDates>,
    { text: string; color: string; date: string; allDay: boolean } | null,
  ][] = [
    [
      "finish date, not completed: grey on the finish date",
      { finish_date: "2026-11-20" },
      { text: "Finalización agendada", color: "#616161", date: "2026-11-20", allDay: true },
    ],
    // 15:00 in Santiago (UTC-3 in November) on the finish day.
    [
      "completed on the finish day",
      { finish_date: "2026-11-20", completed_at: "2026-11-20T18:00:00.000Z" },
      { text: "Finalizado a tiempo", color: "#2E7D32", date: "2026-11-20", allDay: false },
    ],
    [
      "completed after the finish day",
      { finish_date: "2026-11-20", completed_at: "2026-11-22T18:00:00.000Z" },
      { text: "Finalizado atrasado", color: "#B45309", date: "2026-11-22", allDay: false },
    ],
    [
      "completed before the finish day",
      { finish_date: "2026-11-20", completed_at: "2026-11-18T18:00:00.000Z" },
      { text: "Finalizado antes", color: "#1565C0", date: "2026-11-18", allDay: false },
    ],
    [
      "completed with no finish date",
      { completed_at: "2026-11-18T18:00:00.000Z" },
      { text: "Finalizado", color: "#2E7D32", date: "2026-11-18", allDay: false },
    ],
    [
      "only ended",
      { ended_at: "2026-11-19T13:00:00.000Z" },
      { text: "Entregado", color: "#2E7D32", date: "2026-11-19", allDay: false },
    ],
    [
      "completed and ended: the completion decides",
      { finish_date: "2026-11-20", completed_at: "2026-11-20T12:00:00.000Z", ended_at: "2026-11-25T12:00:00.000Z" },
      { text: "Finalizado a tiempo", color: "#2E7D32", date: "2026-11-20", allDay: false },
    ],
    [
      "finish date, not completed, yet ended: the first rule (grey) applies",
      { finish_date: "2026-11-20", ended_at: "2026-11-21T12:00:00.000Z" },
      { text: "Finalización agendada", color: "#616161", date: "2026-11-20", allDay: true },
    ],
    ["nothing to place", {}, null],
  ];
  for (const [name, dates, expected] of cases) {
    it(name, () => {
      const shown = deliveryDisplay(delivery(dates));
      expect(shown && { text: shown.text, color: shown.color, date: shown.date, allDay: shown.allDay }).toEqual(
        expected,
      );
    });
  }

  it("compares Chile's day, not UTC's: 22:30 in Santiago is the next UTC day", () => {
    // 2026-11-21T01:30Z is 22:30 on the 20th in Santiago (UTC-3): on time, not late.
    expect(
      deliveryDisplay(delivery({ finish_date: "2026-11-20", completed_at: "2026-11-21T01:30:00.000Z" }))?.text,
    ).toBe("Finalizado a tiempo");
    // 2026-11-20T02:30Z is 23:30 on the 19th: early, not on time.
    expect(
      deliveryDisplay(delivery({ finish_date: "2026-11-20", completed_at: "2026-11-20T02:30:00.000Z" }))?.text,
    ).toBe("Finalizado antes");
  });
});

describe("days in America/Santiago across daylight-saving changes", () => {
  // 2026: summer time ends on Sunday 5 April (Saturday 24:00 -03 becomes 23:00 -04) and starts on Sunday 6
  // September (Saturday 24:00 -04 becomes 01:00 -03).
  it("the repeated hour of 4 April still belongs to the 4th", () => {
    expect(dayOf("2026-04-05T02:30:00.000Z")).toBe("2026-04-04"); // 23:30 -03
    expect(dayOf("2026-04-05T03:30:00.000Z")).toBe("2026-04-04"); // 23:30 -04, a fixed -03 would say the 5th
    expect(dayOf("2026-04-05T04:00:00.000Z")).toBe("2026-04-05");
  });

  it("the skipped midnight of 6 September: 03:59Z is the 5th, 04:00Z is already 01:00 on the 6th", () => {
    expect(dayOf("2026-09-06T03:59:00.000Z")).toBe("2026-09-05");
    expect(dayOf("2026-09-06T04:00:00.000Z")).toBe("2026-09-06");
  });

  it("a delivery completed in the repeated hour is on time for the 4th", () => {
    expect(
      deliveryDisplay(delivery({ finish_date: "2026-04-04", completed_at: "2026-04-05T03:30:00.000Z" }))?.text,
    ).toBe("Finalizado a tiempo");
  });

  it("zonedInstant: ordinary times in summer and winter", () => {
    expect(zonedInstant("2026-11-20", "09:00")).toBe("2026-11-20T12:00:00.000Z");
    expect(zonedInstant("2026-07-20", "09:00")).toBe("2026-07-20T13:00:00.000Z");
  });

  it("zonedInstant: a repeated time is its first occurrence", () => {
    expect(zonedInstant("2026-04-04", "23:30")).toBe("2026-04-05T02:30:00.000Z");
  });

  it("zonedInstant: a skipped time moves forward by the gap; midnight of 6 September is 01:00", () => {
    expect(zonedInstant("2026-09-06", "00:00")).toBe("2026-09-06T04:00:00.000Z");
    expect(zonedInstant("2026-09-06", "00:30")).toBe("2026-09-06T04:30:00.000Z");
    expect(zonedInstant("2026-09-06", "01:00")).toBe("2026-09-06T04:00:00.000Z");
    expect(dayOf(zonedInstant("2026-09-06", "00:00"))).toBe("2026-09-06");
  });

  it("eventEnd adds elapsed hours: 3 hours from 22:00 on 4 April end at 00:00 on the 5th (the clock went back)", () => {
    const start = zonedInstant("2026-04-04", "22:00");
    expect(eventEnd(start, 3)).toBe("2026-04-05T04:00:00.000Z");
    expect(dayOf(eventEnd(start, 3))).toBe("2026-04-05");
    expect(eventEnd(start, 1.5)).toBe("2026-04-05T02:30:00.000Z");
  });
});

describe("events", () => {
  it("purple, another colour when attached to an order", () => {
    expect(eventColor(false)).toBe(EVENT_COLOR);
    expect(eventColor(true)).toBe(ORDER_EVENT_COLOR);
    expect(EVENT_COLOR).not.toBe(ORDER_EVENT_COLOR);
  });

  it("eventEnd keeps the duration to the minute", () => {
    expect(eventEnd("2026-11-20T12:00:00.000Z", 0.25)).toBe("2026-11-20T12:15:00.000Z");
    expect(eventEnd("2026-11-20T12:00:00.000Z", 24)).toBe("2026-11-21T12:00:00.000Z");
  });

  it("the form's schema speaks Spanish and needs a time unless the event takes the whole day", () => {
    const bad = eventInputSchema.safeParse({ name: " ", date: "2026-02-30", duration: 0, all_day: false });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      name: "Ingresa un nombre",
      date: "Fecha inválida",
      duration: "La duración mínima es de 1 hora",
      time: "Ingresa la hora",
    });
    const noTime = eventInputSchema.safeParse({ name: "Feria", date: "2026-11-20", duration: 1 });
    expect(noTime.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["time", "Ingresa la hora"]]);
    expect(eventInputSchema.safeParse({ name: "Feria", date: "2026-11-20", all_day: true, duration: 24 }).success).toBe(
      true,
    );
    expect(eventInputSchema.safeParse({ name: "Feria", date: "0099-11-20", all_day: true, duration: 24 }).success).toBe(
      false,
    );
    expect(eventInputSchema.safeParse({ name: "Feria", date: "2026-11-20", time: "24:00", duration: 1 }).success).toBe(
      false,
    );
  });
});

describe("calendarWindow: the month shown minus 7 days to plus 7 days", () => {
  it.each([
    ["2026-11-23", "2026-10-25", "2026-12-07"],
    ["2026-02-10", "2026-01-25", "2026-03-07"],
    ["2028-02-29", "2028-01-25", "2028-03-07"],
    ["2026-12-31", "2026-11-24", "2027-01-07"],
  ])("%s -> %s .. %s", (day, from, to) => {
    expect(calendarWindow(day)).toEqual({ from, to });
  });
});

describe("daySums", () => {
  it("'Facturado' counts only what has ended; 'Producción' everything", () => {
    expect(
      daySums([
        { total: 100_000, ended: true },
        { total: 50_000, ended: false },
        { total: null, ended: false },
        { total: 990, ended: true },
      ]),
    ).toEqual({ billed: 100_990, production: 150_990 });
    expect(daySums([])).toEqual({ billed: 0, production: 0 });
  });
});
