// What a browser may register as its push subscription, checked before it is stored and before the server ever
// sends anything to it: the server POSTs to the endpoint, so an endpoint is an address the server will call.
import { z } from "zod";
import { pushPolicy } from "./policy";

/**
 * The push services of the browsers (Chrome, Edge, Opera, Samsung Internet: FCM; Firefox: Mozilla's autopush;
 * Safari: Apple; legacy Edge: WNS). Any other host would make the server POST to an address a user chose.
 */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "web.push.apple.com",
];
/** Hosts under these suffixes (WNS gives each subscription a regional host). */
export const PUSH_SERVICE_HOST_SUFFIXES = [".notify.windows.com", ".push.apple.com"];

/** Real endpoints are 150 to 400 characters; more is not a browser's. */
export const MAX_ENDPOINT_LENGTH = 1024;

/** Whether the server may send to this endpoint: https to a push service, or a loopback origin the env allows. */
export function endpointAllowed(endpoint: string, insecureOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (url.protocol === "http:") return insecureOrigins.includes(url.origin);
  if (url.protocol !== "https:" || url.port !== "") return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/** Decoded length of a base64url string, or -1 when it is not base64url. */
function base64urlBytes(value: string): number {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(value)) return -1;
  return Buffer.from(value, "base64url").length;
}

const ENDPOINT_MESSAGE = "Servicio de notificaciones no admitido";
const P256DH_MESSAGE = "Clave p256dh inválida";
const AUTH_MESSAGE = "Clave auth inválida";

/** A PushSubscription as `subscription.toJSON()` gives it (expirationTime is not stored: a 404/410 says it ended). */
export const subscriptionSchema = z.object({
  endpoint: z
    .string()
    .min(1)
    .max(MAX_ENDPOINT_LENGTH)
    .refine((v) => endpointAllowed(v, pushPolicy().insecureOrigins), ENDPOINT_MESSAGE),
  expirationTime: z.number().nullish(),
  keys: z.object({
    // An uncompressed P-256 point: 65 bytes starting with 0x04 (87 characters of base64url).
    p256dh: z
      .string()
      .max(100, P256DH_MESSAGE)
      .refine((v) => base64urlBytes(v) === 65 && Buffer.from(v, "base64url")[0] === 4, P256DH_MESSAGE),
    // The 16-byte authentication secret (22 characters).
    auth: z
      .string()
      .max(40, AUTH_MESSAGE)
      .refine((v) => base64urlBytes(v) === 16, AUTH_MESSAGE),
  }),
});
