/**
 * The service worker (built to /sw.js by vite.config.ts): shows the app's web pushes, ignores those addressed to
 * another user than the one signed in on this browser, and opens the push's page on click. It handles nothing
 * else (no fetch handler: the app is never served from a cache).
 */
import { pushPayloadFor, type PushPayload } from "@taller/core";
import { PUSH_USER_CACHE, PUSH_USER_KEY, type PushMessage } from "./messages";

// The DOM library describes pages; the few worker types used here are written out instead of a second lib.
interface Extendable extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends Extendable {
  data: { json(): unknown } | null;
}
interface NotificationClickEvent extends Extendable {
  notification: Notification;
}
interface WindowClient {
  focused: boolean;
  focus(): Promise<WindowClient>;
  postMessage(message: PushMessage): void;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationClickEvent) => void): void;
}

const worker = self as unknown as WorkerScope;

/** The user signed in on this browser, written by the app (push-user.ts); null when unknown. */
async function currentUserId(): Promise<number | null> {
  const stored = await (await caches.open(PUSH_USER_CACHE)).match(PUSH_USER_KEY);
  const value: unknown = stored ? await stored.json().catch(() => null) : null;
  return typeof value === "number" ? value : null;
}

function readData(event: PushEvent): unknown {
  try {
    return event.data?.json() ?? null;
  } catch {
    return null;
  }
}

async function onPush(event: PushEvent): Promise<void> {
  const payload = pushPayloadFor(readData(event), await currentUserId());
  if (!payload) return;
  const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  // Open pages play the alert and show the snackbar; a focused one needs no system notification on top.
  for (const client of windows) client.postMessage({ type: "push", payload });
  if (windows.some((w) => w.focused)) return;
  await worker.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag || undefined,
    icon: "/favicon.svg",
    data: { url: payload.url } satisfies Pick<PushPayload, "url">,
  });
}

async function onClick(event: NotificationClickEvent): Promise<void> {
  event.notification.close();
  const { url } = (event.notification.data ?? {}) as Partial<Pick<PushPayload, "url">>;
  const target = new URL(typeof url === "string" ? url : "/", worker.location.origin);
  if (target.origin !== worker.location.origin) return;
  const path = `${target.pathname}${target.search}`;
  const [open] = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  if (!open) {
    await worker.clients.openWindow(path);
    return;
  }
  // The app's router navigates (a full navigation would reload the app).
  open.postMessage({ type: "open", url: path });
  await open.focus();
}

worker.addEventListener("push", (event) => event.waitUntil(onPush(event)));
worker.addEventListener("notificationclick", (event) => event.waitUntil(onClick(event)));
