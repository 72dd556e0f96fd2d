import type { IncomingMessage } from "node:http";
import { outermostTrusted } from "./proxy";

export interface OriginPolicy {
  /** Reverse proxies in front (TRUST_PROXY): their X-Forwarded-Host names the host the browser used. */
  trustProxy: number;
  /**
   * Other origins allowed to open a socket WITHOUT a session (for public procedures, e.g. a booking add-on's domains
   * later). Empty today: only the app's own origin.
   */
  publicOrigins?: readonly string[];
}

/** The host the browser addressed: Host, or the outermost trusted proxy's X-Forwarded-Host. */
function requestHost(req: IncomingMessage, trustProxy: number): string | undefined {
  return outermostTrusted(req.headers["x-forwarded-host"], trustProxy) ?? req.headers.host;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Whether a WebSocket upgrade may proceed. Browsers always send Origin on a WebSocket handshake and no page can
 * forge it, so a page of another origin (even another subdomain of the same site, which SameSite cookies do not
 * stop) is refused. A request without Origin comes from a program, not a browser; it may connect only without
 * cookies: a program holding a session cookie can name the origin like the app does, and refusing it costs nothing,
 * while anything that strips Origin from a browser's request must not get a socket with the user's session.
 */
export function upgradeAllowed(req: IncomingMessage, policy: OriginPolicy): boolean {
  const origin = req.headers.origin;
  const hasCookie = Boolean(req.headers.cookie);
  if (!origin) return !hasCookie;
  const host = requestHost(req, policy.trustProxy);
  if (host && hostOf(origin) === host.toLowerCase()) return true;
  return !hasCookie && (policy.publicOrigins ?? []).includes(origin);
}
