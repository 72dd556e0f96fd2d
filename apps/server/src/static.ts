import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import sirv from "sirv";
import { framedByRefusedParent, sendFrameRejected } from "./framing";
import { urlPath } from "./headers";

/** Computes the frame-ancestors sources for an HTML response (the booking add-on pages allow more). */
export type FrameAncestors = (req: IncomingMessage) => Promise<string>;

/** Where the built index.html names its version; the server writes its own there (apps/web/index.html). */
const VERSION_PLACEHOLDER = "__APP_VERSION__";

const isHtml = (pathname: string) => pathname.endsWith(".html") || !/\.[a-z0-9]+$/i.test(pathname);

/**
 * Serves the built web app: hashed assets cached for a year, index.html for client routes (never stored: it names
 * the current build's assets and shows authenticated pages), and a Content-Security-Policy frame-ancestors header
 * on every HTML response. A frame requested by a parent that may not frame the page gets the iframe-rejected page.
 * index.html carries `version`, the server's APP_VERSION at run time: one build serves every version (turbo caches
 * it), and the update dialog compares the version a page was served as with the one the server announces.
 */
export function createStaticHandler(
  dist: string,
  frameAncestors: FrameAncestors,
  version: string,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  if (!existsSync(dist)) {
    return (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(503, { "content-type": "text/plain; charset=utf-8" });
      res.end("La aplicación web no está compilada: ejecuta `pnpm build`.");
      return Promise.resolve();
    };
  }
  // frame-ancestors is computed per request (it may need the database) and read back when sirv sets headers.
  const ancestorsFor = new WeakMap<ServerResponse, string>();
  const serve = sirv(dist, {
    single: true,
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders,
  });
  function setHeaders(res: ServerResponse, pathname: string) {
    // sirv passes the request path: a path without a file extension is a client route answered with index.html.
    if (isHtml(pathname))
      res.setHeader("content-security-policy", `frame-ancestors ${ancestorsFor.get(res) ?? "'self'"}`);
    if (pathname.startsWith("/assets/")) res.setHeader("cache-control", "public, max-age=31536000, immutable");
    else res.setHeader("cache-control", isHtml(pathname) ? "no-store" : "no-cache");
  }
  const attribute = version.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const indexHtml = readFileSync(join(dist, "index.html"), "utf8").replace(VERSION_PLACEHOLDER, attribute);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const ancestors = await frameAncestors(req);
    if (framedByRefusedParent(req, ancestors)) return sendFrameRejected(res);
    ancestorsFor.set(res, ancestors);
    const pathname = urlPath(req.url);
    if (isHtml(pathname) && (req.method === "GET" || req.method === "HEAD")) {
      setHeaders(res, pathname);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return void res.end(req.method === "HEAD" ? undefined : indexHtml);
    }
    serve(req, res, () => {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      res.end("Not found");
    });
  };
}
