import { describe, expect, it } from "vitest";
import { elapsedText, kioskIdleExpired, kioskIdleMs, workState } from "../src";

const MIN = 60_000;

describe("elapsedText", () => {
  it("writes days, hours and minutes in Spanish, the two largest units", () => {
    expect(elapsedText(0, 0)).toBe("0 minutos");
    expect(elapsedText(0, 59_999)).toBe("0 minutos");
    expect(elapsedText(0, MIN)).toBe("1 minuto");
    expect(elapsedText(0, 45 * MIN)).toBe("45 minutos");
    expect(elapsedText(0, 60 * MIN)).toBe("1 hora");
    expect(elapsedText(0, 65 * MIN)).toBe("1 hora 5 minutos");
    expect(elapsedText(0, 3 * 60 * MIN + MIN)).toBe("3 horas 1 minuto");
    expect(elapsedText(0, 1440 * MIN)).toBe("1 día");
    expect(elapsedText(0, 2 * 1440 * MIN + 3 * 60 * MIN + 7 * MIN)).toBe("2 días 3 horas");
    expect(elapsedText(0, 1440 * MIN + 30 * MIN)).toBe("1 día");
  });

  it("never goes negative (a clock slightly behind the server's)", () => {
    expect(elapsedText(10 * MIN, 0)).toBe("0 minutos");
  });
});

describe("workState", () => {
  it("reads the state from the instants", () => {
    expect(workState({ started_at: null, completed_at: null })).toBe("pending");
    expect(workState({ started_at: "2026-01-01T00:00:00.000Z", completed_at: null })).toBe("started");
    expect(workState({ started_at: "2026-01-01T00:00:00.000Z", completed_at: "2026-01-01T01:00:00.000Z" })).toBe("completed");
  });
});

describe("kiosk inactivity", () => {
  it("logs out after workpoint_logout_time seconds; 0 disables it", () => {
    expect(kioskIdleMs(30)).toBe(30_000);
    expect(kioskIdleMs(0)).toBeNull();
    expect(kioskIdleMs(-5)).toBeNull();
    expect(kioskIdleMs(Number.NaN)).toBeNull();
    expect(kioskIdleExpired(30, 1_000, 30_999)).toBe(false);
    expect(kioskIdleExpired(30, 1_000, 31_000)).toBe(true);
    expect(kioskIdleExpired(0, 0, 10 ** 12)).toBe(false);
  });

  it("an activity resets the count: only the last one matters", () => {
    const lastActivity = 50_000;
    expect(kioskIdleExpired(30, lastActivity, 60_000)).toBe(false);
    expect(kioskIdleExpired(30, lastActivity, 80_000)).toBe(true);
  });
});
