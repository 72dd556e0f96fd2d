import type { PushPayload } from "@taller/core";

/** What the service worker tells open pages: a push arrived, or a notification was clicked (open its url). */
export type PushMessage = { type: "push"; payload: PushPayload } | { type: "open"; url: string };

/** Where the app leaves the signed-in user's id for the service worker (Cache Storage: both can read it). */
export const PUSH_USER_CACHE = "taller-push";
export const PUSH_USER_KEY = "/push-user";
