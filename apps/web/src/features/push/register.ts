import { PUSH_USER_CACHE, PUSH_USER_KEY } from "./messages";

/** The worker registers once the app is stable, or after this long at the latest (seed 000 section 9). */
export const SERVICE_WORKER_DELAY_MS = 30_000;
export const SERVICE_WORKER_UNSUPPORTED = "Service workers are disabled or not supported by this browser";

/** Built by Vite to the site's root (vite.config.ts); the development server serves the source as a module. */
const WORKER_URL = import.meta.env.DEV ? "/src/features/push/service-worker.ts" : "/sw.js";

/** Stable: the page has loaded and the browser is idle (the first screen drawn and its data requested). */
function whenStable(): Promise<void> {
  const loaded =
    document.readyState === "complete"
      ? Promise.resolve()
      : new Promise<void>((r) => window.addEventListener("load", () => r(), { once: true }));
  return loaded.then(
    () => new Promise<void>((r) => (typeof requestIdleCallback === "function" ? requestIdleCallback(() => r()) : r())),
  );
}

let registration: Promise<ServiceWorkerRegistration | null> | undefined;

/**
 * Registers the service worker once per page: null when the browser has none (logged, as the spec says) or it fails.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  registration ??= (async () => {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) {
      console.error(SERVICE_WORKER_UNSUPPORTED);
      return null;
    }
    await Promise.race([whenStable(), new Promise((r) => setTimeout(r, SERVICE_WORKER_DELAY_MS))]);
    try {
      return await navigator.serviceWorker.register(WORKER_URL, {
        scope: "/",
        type: import.meta.env.DEV ? "module" : "classic",
      });
    } catch (error) {
      // Push registration errors are only logged (seed 001 section 8).
      console.error(error);
      return null;
    }
  })();
  return registration;
}

/** Tells the service worker who is signed in here, so it ignores pushes addressed to anyone else. */
export async function rememberPushUser(userId: number): Promise<void> {
  if (!("caches" in window)) return;
  const cache = await caches.open(PUSH_USER_CACHE);
  await cache.put(
    PUSH_USER_KEY,
    new Response(JSON.stringify(userId), { headers: { "content-type": "application/json" } }),
  );
}
