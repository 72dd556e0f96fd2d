import { describe, expect, it } from "vitest";
import { parseDevice } from "../src/device";
import { LOGIN_LIMITS, lockoutMessage, loginWaitMs } from "../src/throttle";

const none = { accountLastHour: 0, accountRecent: 0, accountLatestAt: null, ipLast15Min: 0 };

describe("login throttling", () => {
  const now = Date.parse("2026-11-21T12:00:00Z");
  it("lets a clean account try", () => expect(loginWaitMs(none, now)).toBe(0));
  it("locks an account briefly after repeated failures, counted from the latest one", () => {
    const latest = new Date(now - 60_000);
    const wait = loginWaitMs({ ...none, accountRecent: LOGIN_LIMITS.lockoutAfter, accountLatestAt: latest }, now);
    expect(wait).toBe(LOGIN_LIMITS.lockoutMs - 60_000);
    expect(loginWaitMs({ ...none, accountRecent: LOGIN_LIMITS.lockoutAfter - 1, accountLatestAt: latest }, now)).toBe(
      0,
    );
    const expired = new Date(now - LOGIN_LIMITS.lockoutMs - 1);
    expect(loginWaitMs({ ...none, accountRecent: 9, accountLatestAt: expired }, now)).toBe(0);
  });
  it("caps failures per account per hour and per IP", () => {
    expect(loginWaitMs({ ...none, accountLastHour: 100 }, now)).toBeGreaterThan(0);
    expect(loginWaitMs({ ...none, accountLastHour: 99 }, now)).toBe(0);
    expect(loginWaitMs({ ...none, ipLast15Min: LOGIN_LIMITS.ipPer15Min }, now)).toBeGreaterThan(0);
  });
  it("says how long to wait, in Spanish", () => {
    expect(lockoutMessage(30_000)).toBe("Demasiados intentos fallidos. Intenta nuevamente en 1 minuto.");
    expect(lockoutMessage(4 * 60_000 + 1)).toBe("Demasiados intentos fallidos. Intenta nuevamente en 5 minutos.");
  });
});

describe("device parsing", () => {
  it("reads a phone", () => {
    const d = parseDevice(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
    );
    expect(d.deviceType).toBe("Mobile");
    expect(d.os).toMatch(/^iOS 17/);
    expect(d.browser).toBe("Mobile Safari");
  });
  it("reads a desktop as Unknown (shown as Desktop)", () => {
    const d = parseDevice(
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
    );
    expect(d).toEqual({ deviceType: "Unknown", os: "Windows 10", browser: "Chrome" });
  });
  it("survives an empty user agent", () =>
    expect(parseDevice("")).toEqual({ deviceType: "Unknown", os: null, browser: null }));
});
