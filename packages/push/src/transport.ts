import type { PushSubscriptionToken } from "@taller/db";
import type { VapidKeys } from "./vapid";

/** How long the push service keeps a push for a browser that is offline: a day, then it is stale news. */
export const PUSH_TTL_SECONDS = 86_400;
/** A push service that does not answer in 10 s is counted as failed; the event is not retried. */
const SEND_TIMEOUT_MS = 10_000;

/** Hands one encrypted push to the subscription's push service; answers the HTTP status it replied with. */
export interface PushTransport {
  send(subscription: PushSubscriptionToken, payload: string): Promise<number>;
}

/**
 * Web Push through `web-push`: it encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID header (RFC 8292);
 * the request itself goes out with fetch, so the loopback test endpoint can be plain http, redirects are not
 * followed (an endpoint cannot bounce the server elsewhere) and a timeout bounds it.
 */
export function webPushTransport(vapid: VapidKeys, subject: string): PushTransport {
  const vapidDetails = { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return {
    async send(subscription, payload) {
      // Loaded with the first push (delivery is off unless a VAPID subject is set).
      const { default: webpush } = await import("web-push");
      const request = webpush.generateRequestDetails(subscription, payload, {
        vapidDetails,
        TTL: PUSH_TTL_SECONDS,
        urgency: "high",
      });
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body) : undefined,
        redirect: "manual",
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.status;
    },
  };
}
