import { describe, expect, it } from "vitest";
import { kioskIdleExpired, kioskIdleMs, workState } from "../src";

describe("workState", () => {
  it("reads the state from the instants", () => {
    expect(workState({ started_at: null, completed_at: null })).toBe("pending");
    expect(workState({ started_at: "2026-01-01T00:00:00.000Z", completed_at: null })).toBe("started");
    expect(workState({ started_at: "2026-01-01T00:00:00.000Z", completed_at: "2026-01-01T01:00:00.000Z" })).toBe(
      "completed",
    );
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
