/**
 * The work-point device token (seed 000 section 3, browser storage): taken from the kiosk link's `token` query
 * parameter, kept in this browser, and sent with every API call as `x-workpoint-token` (lib/api.ts) so the server's
 * kiosk procedures know the device.
 */
const KEY = "workpoint_token";
export const WORKPOINT_TOKEN_HEADER = "x-workpoint-token";

export function workpointToken(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setWorkpointToken(token: string) {
  try {
    window.localStorage.setItem(KEY, token);
  } catch {
    // A browser that blocks storage keeps no token: the kiosk then shows the invalid-token page.
  }
}
