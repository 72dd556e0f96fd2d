// The payload of a web push, written by the server (@taller/push) and read by the browser's service worker.

/**
 * What one push carries to a browser. `userId` is the addressed user: a browser now used by someone else ignores it.
 */
export interface PushPayload {
  userId: number;
  title: string;
  body: string;
  /** The app path to open on click ("/main/..."). */
  url: string;
  /** Notifications with the same tag replace each other. */
  tag: string;
}

/**
 * Largest payload, in bytes of UTF-8, that one aes128gcm record carries: 4096 bytes less the 86-byte header, the
 * 16-byte tag and the padding delimiter (RFC 8291 / RFC 8188). Push services refuse larger bodies.
 */
export const MAX_PUSH_PAYLOAD_BYTES = 3993;

const bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * Keeps the first code points of `text`, dropping `n` but keeping at least `min` (never splitting a surrogate pair).
 */
function cut(text: string, n: number, min: number): string {
  const chars = Array.from(text);
  return chars.slice(0, Math.max(min, chars.length - n)).join("");
}

/**
 * The JSON a push carries, shortened to fit MAX_PUSH_PAYLOAD_BYTES: the body first, then the title (to one
 * character). The event's limits (title 120, body 300, url 300, tag 100 characters) fit unless most characters
 * need escaping or four bytes.
 */
export function encodePushPayload(payload: PushPayload): string {
  let { title, body } = payload;
  for (;;) {
    const json = JSON.stringify({ userId: payload.userId, title, body, url: payload.url, tag: payload.tag });
    const excess = bytes(json) - MAX_PUSH_PAYLOAD_BYTES;
    if (excess <= 0) return json;
    // At most six bytes of JSON per character (an escaped control character): drop at least excess / 6 of them.
    const n = Math.max(1, Math.ceil(excess / 6));
    if (body.length > 0) body = cut(body, n, 0);
    else if (Array.from(title).length > 1) title = cut(title, n, 1);
    else return json; // unreachable within the event's limits: url and tag alone fit
  }
}

/**
 * The payload a browser should show, or null: not a push of this app, or addressed to another user than the one
 * signed in here (seed 001: push messages addressed to another user id are ignored). No user signed in: null.
 */
export function pushPayloadFor(data: unknown, currentUserId: number | null): PushPayload | null {
  if (currentUserId === null || typeof data !== "object" || data === null) return null;
  const p = data as Record<string, unknown>;
  if (p.userId !== currentUserId) return null;
  if (typeof p.title !== "string" || typeof p.body !== "string" || typeof p.tag !== "string") return null;
  // Only an app path: a payload cannot send the click to another site.
  if (typeof p.url !== "string" || !/^\/(?![/\\])/.test(p.url)) return null;
  return { userId: currentUserId, title: p.title, body: p.body, url: p.url, tag: p.tag };
}
