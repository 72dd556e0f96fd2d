/**
 * The kiosk's inactivity logout (seed 000 sections 4 and 9): after the company's workpoint_logout_time seconds
 * without a mouse move, a key or the wheel, `onIdle` runs (it closes the dialogs and logs out). 0 disables it.
 * The rule itself is core's kioskIdleExpired; this hook only feeds it the last activity and the clock.
 */
import { kioskIdleExpired, kioskIdleMs } from "@taller/core";
import { useEffect, useRef } from "react";

/** What counts as activity: the spec's mouse, key and wheel, and a finger on a touch screen (a kiosk's mouse). */
const ACTIVITY_EVENTS = ["mousemove", "mousedown", "keydown", "wheel", "touchstart"] as const;
/** How often the clock is read: a logout is at most this late. */
const CHECK_MS = 500;

export function useIdleLogout(logoutTimeSeconds: number, onIdle: () => void) {
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;
  useEffect(() => {
    if (kioskIdleMs(logoutTimeSeconds) === null) return;
    let last = Date.now();
    let fired = false;
    const touch = () => {
      last = Date.now();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, touch, { passive: true, capture: true });
    const timer = window.setInterval(() => {
      if (!fired && kioskIdleExpired(logoutTimeSeconds, last, Date.now())) {
        fired = true;
        onIdleRef.current();
      }
    }, CHECK_MS);
    return () => {
      window.clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, touch, { capture: true });
    };
  }, [logoutTimeSeconds]);
}
