import type { IncomingMessage, ServerResponse } from "node:http";
import { isSecure } from "./proxy";

/** One request header's value (the first, when a client repeats it). */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The path of a request's URL, without its query string. */
export function urlPath(url = "/"): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/** The media type of a Content-Type header, without its parameters ("application/json; charset=utf-8"). */
export function mediaType(contentType = ""): string {
  const parameters = contentType.indexOf(";");
  return (parameters === -1 ? contentType : contentType.slice(0, parameters)).trim();
}

/**
 * Headers every response carries: no MIME sniffing, no full URLs (which may carry ids and tokens) leaked to other
 * sites, and HSTS once the request came over TLS (directly or per TRUST_PROXY). Answers of the API are never
 * stored by browsers or proxies. Handlers may override (hashed assets are cached for a year).
 */
export function setCommonHeaders(req: IncomingMessage, res: ServerResponse, path: string, trustProxy: number) {
  res.setHeader("x-content-type-options", "nosniff");
  res.setHeader("referrer-policy", "strict-origin-when-cross-origin");
  if (isSecure(req, trustProxy)) res.setHeader("strict-transport-security", "max-age=31536000");
  if (path === "/trpc" || path.startsWith("/trpc/") || path === "/healthz") res.setHeader("cache-control", "no-store");
}
