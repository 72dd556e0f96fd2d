import { UAParser } from "ua-parser-js";

export interface DeviceInfo {
  deviceType: string;
  os: string | null;
  browser: string | null;
}

/** Device type, OS and browser from a user agent; the UI shows "Unknown" as Desktop. */
export function parseDevice(userAgent: string): DeviceInfo {
  const result = new UAParser(userAgent).getResult();
  const type = result.device.type;
  const deviceType = type === "mobile" ? "Mobile" : type === "tablet" ? "Tablet" : "Unknown";
  const os = result.os.name ? [result.os.name, result.os.version].filter(Boolean).join(" ") : null;
  return { deviceType, os, browser: result.browser.name ?? null };
}
