import { describe, expect, it } from "vitest";
import { weekdaySlots } from "../src/weekday-slots";

describe("weekdaySlots", () => {
  it("lists each working day's HH:mm from its start to its end (excluded) every interval; other days are empty", () => {
    const slots = weekdaySlots({
      time_interval: 20,
      days: {
        "1": { enabled: true, start_time: "09:00", end_time: "10:00" },
        "2": { enabled: true, start_time: "08:30", end_time: "09:45" },
        "6": { enabled: false, start_time: "09:00", end_time: "13:00" },
      },
    });
    expect(slots).toEqual({
      "1": ["09:00", "09:20", "09:40"],
      "2": ["08:30", "08:50", "09:10", "09:30"],
      "3": [],
      "4": [],
      "5": [],
      "6": [],
      "7": [],
    });
  });

  it("answers nothing for a day whose end is not after its start", () => {
    expect(
      weekdaySlots({ time_interval: 10, days: { "3": { enabled: true, start_time: "18:00", end_time: "09:00" } } })[
        "3"
      ],
    ).toEqual([]);
  });

  it("runs a whole day at the default interval", () => {
    const day = weekdaySlots({
      time_interval: 10,
      days: { "7": { enabled: true, start_time: "00:00", end_time: "23:59" } },
    })["7"];
    expect(day).toHaveLength(144);
    expect(day?.at(-1)).toBe("23:50");
  });
});
