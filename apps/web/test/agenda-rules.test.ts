import { bookingErrorText } from "@taller/core";
import { describe, expect, it } from "vitest";
import { compareBookingsForMonth } from "@taller/core";
import {
  mailPrefill,
  canBookAt,
  canToggleBlock,
  coveredRows,
  cyclePage,
  dayTitle,
  holidayOn,
  inBlockHours,
  isRealDay,
  isBlocked,
  monthRange,
  monthTitle,
  monthWeeks,
  placeByCapacity,
  placeByProfessional,
  professionalPage,
  rowOf,
  shiftMonth,
  shownAgenda,
  slotSpan,
  toggledBlocks,
  weekdayNames,
  withLocations,
} from "../src/features/booking/agenda-rules";

const rows = ["09:00", "09:10", "09:20", "09:30", "09:40", "09:50"];
const booking = (id: number, booking_time: string, duration: number, user_id: number | null = null) => ({
  id,
  booking_time,
  duration,
  user_id,
});

describe("month", () => {
  it.each([
    ["2026-11", "2026-10-25", "2026-12-07"],
    ["2026-02", "2026-01-25", "2026-03-07"],
    ["2024-02", "2024-01-25", "2024-03-07"],
    ["2026-12", "2026-11-24", "2027-01-07"],
  ])("%s asks for the range %s to %s (month ± 7 days)", (month, from, to) => {
    expect(monthRange(month)).toEqual({ from, to });
  });

  it.each([
    ["2026-12", 1, "2027-01"],
    ["2026-01", -1, "2025-12"],
    ["2026-05", 13, "2027-06"],
  ])("%s moved by %i is %s", (month, n, expected) => expect(shiftMonth(month, n)).toBe(expected));

  it.each([
    ["2026-02-28", true],
    ["2024-02-29", true],
    ["2026-02-29", false],
    ["2026-13-01", false],
    ["2026-04-31", false],
  ])("%s is a real day: %s", (day, real) => expect(isRealDay(day)).toBe(real));

  it.each([
    [{}, { date: undefined, month: "2026-11" }],
    [{ month: "2027-01" }, { date: undefined, month: "2027-01" }],
    [
      { date: "2026-12-03", month: "2027-01" },
      { date: "2026-12-03", month: "2026-12" },
    ],
    [{ date: "2026-02-30" }, { date: undefined, month: "2026-11" }],
  ])("the link %o shows %o (today 2026-11-29)", (linked, shown) =>
    expect(shownAgenda(linked, "2026-11-29")).toEqual(shown),
  );

  it("sends the shell's locations only when some are left out (the screen's and the loader's input alike)", () => {
    expect(withLocations({ date: "2026-11-29" }, null)).toEqual({ date: "2026-11-29" });
    expect(withLocations({ date: "2026-11-29" }, [2])).toEqual({ date: "2026-11-29", location_ids: [2] });
  });

  it("lays whole weeks Monday first around the month", () => {
    const weeks = monthWeeks("2026-11");
    expect(weeks[0]?.[0]).toBe("2026-10-26");
    expect(weeks.at(-1)?.at(-1)).toBe("2026-12-06");
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(monthWeeks("2021-02")).toHaveLength(4);
  });

  it("titles in es-ES", () => {
    expect(monthTitle("2026-11")).toBe("Noviembre de 2026");
    expect(dayTitle("2026-11-23")).toBe("Lunes, 23 de noviembre de 2026");
    expect(weekdayNames()).toEqual(["lun", "mar", "mié", "jue", "vie", "sáb", "dom"]);
  });

  it("sorts a day's bookings by the spec's priority, unranked last, then by start", () => {
    const flags = {
      completed: false,
      confirmed: false,
      non_attendance: false,
      rescheduled: false,
      booking_type: "booking" as const,
    };
    const list = [
      { ...flags, id: 1, start_date: "2026-11-23T12:00:00.000Z" },
      { ...flags, id: 2, start_date: "2026-11-23T13:00:00.000Z", rescheduled: true },
      { ...flags, id: 3, start_date: "2026-11-23T14:00:00.000Z", non_attendance: true },
      { ...flags, id: 4, start_date: "2026-11-23T15:00:00.000Z", confirmed: true },
      { ...flags, id: 5, start_date: "2026-11-23T16:00:00.000Z", completed: true },
      { ...flags, id: 6, start_date: "2026-11-23T11:00:00.000Z", booking_type: "reentry" as const },
    ];
    expect([...list].sort(compareBookingsForMonth).map((b) => b.id)).toEqual([5, 4, 3, 2, 6, 1]);
  });
});

describe("day grid", () => {
  it.each([
    [10, 10, 1],
    [11, 10, 2],
    [30, 10, 3],
    [1, 15, 1],
    [60, 15, 4],
    [0, 10, 1],
  ])("a %i-minute booking covers ceil(duration/%i) = %i slots", (duration, interval, span) => {
    expect(slotSpan(duration, interval)).toBe(span);
  });

  it.each([
    ["09:00", 0],
    ["09:15", 1],
    ["09:59", 5],
    ["08:59", -1],
  ])("%s falls in row %i", (time, row) => expect(rowOf(rows, time)).toBe(row));

  it("puts capacity bookings in the first free column for all their rows", () => {
    const { placed, columns } = placeByCapacity(
      [booking(1, "09:00", 30), booking(2, "09:10", 10), booking(3, "09:30", 10)],
      rows,
      10,
      3,
    );
    expect(placed.map((p) => [p.booking.id, p.row, p.span, p.column])).toEqual([
      [1, 0, 3, 0],
      [2, 1, 1, 1],
      [3, 3, 1, 0],
    ]);
    expect(columns).toBe(3);
    expect([...coveredRows(placed, 0)]).toEqual([0, 1, 2, 3]);
  });

  it("opens more columns than the capacity when the day holds more at once, and cuts cards at the day's end", () => {
    const { placed, columns } = placeByCapacity(
      [booking(1, "09:00", 10), booking(2, "09:00", 10), booking(3, "09:50", 60)],
      rows,
      10,
      1,
    );
    expect(columns).toBe(2);
    expect(placed.at(-1)).toMatchObject({ row: 5, span: 1 });
    expect(placeByCapacity([booking(9, "07:00", 10)], rows, 10, 3).placed).toEqual([]);
  });

  it("puts professional bookings in their professional's column only", () => {
    const placed = placeByProfessional(
      [booking(1, "09:00", 20, 7), booking(2, "09:00", 10, 8), booking(3, "09:00", 10, null)],
      rows,
      10,
      [8, 7],
    );
    expect(placed.map((p) => [p.booking.id, p.column, p.span])).toEqual([
      [1, 1, 2],
      [2, 0, 1],
    ]);
  });

  it("pages professionals 4 at a time or one by one, cycling both ways", () => {
    const pros = [1, 2, 3, 4, 5, 6];
    expect(professionalPage(pros, 0, 4)).toEqual([1, 2, 3, 4]);
    expect(professionalPage(pros, 1, 4)).toEqual([5, 6]);
    expect(cyclePage(1, 1, pros.length, 4)).toBe(0);
    expect(cyclePage(0, -1, pros.length, 4)).toBe(1);
    expect(cyclePage(0, -1, pros.length, 1)).toBe(5);
    expect(professionalPage(pros, 5, 1)).toEqual([6]);
    expect(professionalPage([], 0, 4)).toEqual([]);
  });
});

describe("locks and blocks", () => {
  const base = { canCreate: true, day: "2026-11-23", today: "2026-11-23", holiday: false, blocked: false };
  it.each([
    [base, true],
    [{ ...base, day: "2026-11-30" }, true],
    [{ ...base, canCreate: false }, false],
    [{ ...base, day: "2026-11-22" }, false],
    [{ ...base, holiday: true }, false],
    [{ ...base, blocked: true }, false],
    [{ ...base, blockHours: true }, false],
  ])("%o may book: %s", (facts, expected) => expect(canBookAt(facts)).toBe(expected));

  it("lets block toggles act today or later with create on booking_block", () => {
    expect(canToggleBlock(true, "2026-11-23", "2026-11-23")).toBe(true);
    expect(canToggleBlock(true, "2026-11-22", "2026-11-23")).toBe(false);
    expect(canToggleBlock(false, "2026-11-24", "2026-11-23")).toBe(false);
  });

  const blocks = [
    { date: "2026-11-23", hour: "10:00", user_id: "all" as const, active: true },
    { date: "2026-11-24", hour: null, user_id: "all" as const, active: true },
    { date: "2026-11-25", hour: "11:00", user_id: 7, active: true },
    { date: "2026-11-26", hour: null, user_id: "all" as const, active: false },
  ];
  it.each([
    ["2026-11-23", null, null, false],
    ["2026-11-23", "10:00", null, true],
    ["2026-11-23", "10:00", 7, true],
    ["2026-11-24", "15:00", 8, true],
    ["2026-11-24", null, null, true],
    ["2026-11-25", "11:00", 7, true],
    ["2026-11-25", "11:00", 8, false],
    ["2026-11-25", "11:00", null, false],
    ["2026-11-26", null, null, false],
  ])("%s %s user %s blocked: %s", (date, hour, user, expected) =>
    expect(isBlocked(blocks, date, hour, user)).toBe(expected),
  );

  it("toggles a block on and off", () => {
    const make = (
      b: (typeof blocks)[number] | { date: string; hour: string | null; user_id: number | "all"; active: boolean },
    ) => b;
    const on = toggledBlocks(blocks, "2026-11-27", "09:00", 7, make);
    expect(isBlocked(on, "2026-11-27", "09:00", 7)).toBe(true);
    const off = toggledBlocks(on, "2026-11-27", "09:00", 7, make);
    expect(isBlocked(off, "2026-11-27", "09:00", 7)).toBe(false);
    expect(off).toHaveLength(blocks.length);
  });

  it("reads a professional's block hours by weekday, end excluded", () => {
    const hours = [
      { day: 1, enabled: true, start_time: "13:00", end_time: "14:00" },
      { day: 2, enabled: false, start_time: "09:00", end_time: "18:00" },
    ];
    expect(inBlockHours(hours, "2026-11-23", "13:30")).toBe(true);
    expect(inBlockHours(hours, "2026-11-23", "14:00")).toBe(false);
    expect(inBlockHours(hours, "2026-11-24", "10:00")).toBe(false);
  });

  it("finds a holiday company-wide or of a selected location", () => {
    const holidays = [
      { date: "2026-12-08", name: "Inmaculada", location_id: null },
      { date: "2026-12-09", name: "Local", location_id: 2 },
    ];
    expect(holidayOn(holidays, "2026-12-08", [1])?.name).toBe("Inmaculada");
    expect(holidayOn(holidays, "2026-12-09", [1])).toBeNull();
    expect(holidayOn(holidays, "2026-12-09", null)?.name).toBe("Local");
    expect(holidayOn(holidays, "2026-12-09", [2])?.name).toBe("Local");
  });
});

describe("booking error snackbar", () => {
  it.each([
    [{ booking_time: ["La hora ya no está disponible"] }, "¡OOPS! Hora: La hora ya no está disponible"],
    [{ booking_time: ["a"], user_id: ["b"] }, "¡OOPS! Hora: a, Profesional: b"],
    [{ other: ["x"] }, "¡OOPS! other: x"],
    [{}, "¡OOPS! Error desconocido"],
  ])("%o reads %s", (errors, text) =>
    expect(bookingErrorText(errors, { booking_time: "Hora", user_id: "Profesional" })).toBe(text),
  );
});

describe("booking an e-mail booking: the form's prefill", () => {
  const mail = {
    id: 5,
    location_id: 2,
    data: { booking_date: "2030-11-25", booking_time: "10:30", requirement_name: "Mantención" },
    prefill: { client_id: 7, vehicle_id: 8, requirement_id: 9 },
  };
  it("takes the server's matches, the location, the day and the time, and names the mail", () => {
    expect(mailPrefill(mail, "2030-11-20")).toEqual({
      client_id: 7,
      vehicle_id: 8,
      requirement_id: 9,
      location_id: 2,
      booking_date: "2030-11-25",
      booking_time: "10:30",
      comment: "Agendamiento por correo",
      external_mail_id: 5,
    });
  });
  it("leaves out a past or unreal day and a malformed time; an unknown requirement goes to the comment", () => {
    const odd = {
      ...mail,
      data: { booking_date: "2030-02-31", booking_time: "25:00", requirement_name: "Pintura" },
      prefill: { client_id: null, vehicle_id: null, requirement_id: null },
    };
    expect(mailPrefill(odd, "2030-01-01")).toMatchObject({
      booking_date: "",
      booking_time: "",
      comment: "Agendamiento por correo: Pintura",
      client_id: null,
    });
    expect(mailPrefill(mail, "2030-11-26").booking_date).toBe("");
  });
});
