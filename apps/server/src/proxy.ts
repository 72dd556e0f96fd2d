import type { IncomingMessage } from "node:http";

/**
 * What a request says about its client when `hops` reverse proxies stand in front of the server (TRUST_PROXY).
 * Each proxy appends the address it received the connection from to X-Forwarded-For, so only the last `hops`
 * entries were written by proxies we trust; anything further left was written by the client and proves nothing.
 */

const list = (header: string | string[] | undefined): string[] =>
  (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The client address: the chain is X-Forwarded-For followed by the socket's peer (the nearest proxy), and the client
 * is `hops` steps from its right end. A chain shorter than that (a request that bypassed a proxy) gives its leftmost.
 */
export function forwardedClient(forwardedFor: string | string[] | undefined, peer: string, hops: number): string {
  if (hops <= 0) return peer;
  const chain = [...list(forwardedFor), peer];
  return chain[Math.max(0, chain.length - 1 - hops)] ?? peer;
}

/**
 * The entry of an X-Forwarded-* list (Proto, Host) written by the outermost trusted proxy, or undefined when no proxy
 * is trusted or the header is absent.
 */
export function outermostTrusted(header: string | string[] | undefined, hops: number): string | undefined {
  if (hops <= 0) return undefined;
  const entries = list(header);
  return entries[Math.max(0, entries.length - hops)];
}

/** The protocol the client used: the X-Forwarded-Proto entry of the outermost trusted proxy, if any are trusted. */
export function forwardedProtoIsHttps(forwardedProto: string | string[] | undefined, hops: number): boolean {
  return outermostTrusted(forwardedProto, hops)?.toLowerCase() === "https";
}

export function clientIp(req: IncomingMessage, trustProxy: number): string {
  return forwardedClient(req.headers["x-forwarded-for"], req.socket.remoteAddress ?? "unknown", trustProxy);
}

export function isSecure(req: IncomingMessage, trustProxy: number): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  return forwardedProtoIsHttps(req.headers["x-forwarded-proto"], trustProxy);
}
