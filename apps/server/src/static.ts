import { existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import sirv from "sirv";
import { framedByRefusedParent, sendFrameRejected } from "./framing";

/** Computes the frame-ancestors sources for an HTML response (the booking add-on pages allow more). */
export type FrameAncestors = (req: IncomingMessage) => Promise<string>;

/**
 * Serves the built web app: hashed assets cached for a year, index.html for client routes (never stored: it names
 * the current build's assets and shows authenticated pages), and a Content-Security-Policy frame-ancestors header
 * on every HTML response. A frame requested by a parent that may not frame the page gets the iframe-rejected page.
 */
export function createStaticHandler(dist: string, frameAncestors: FrameAncestors) {
  if (!existsSync(dist)) {
    return (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(503, { "content-type": "text/plain; charset=utf-8" });
      res.end("La aplicación web no está compilada: ejecuta `pnpm build`.");
    };
  }
  // frame-ancestors is computed per request (it may need the database) and read back when sirv sets headers.
  const ancestorsFor = new WeakMap<ServerResponse, string>();
  const serve = sirv(dist, {
    single: true,
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      // sirv passes the request path: a path without a file extension is a client route answered with index.html.
      const html = pathname.endsWith(".html") || !/\.[a-z0-9]+$/i.test(pathname);
      if (html) res.setHeader("content-security-policy", `frame-ancestors ${ancestorsFor.get(res) ?? "'self'"}`);
      if (pathname.startsWith("/assets/")) res.setHeader("cache-control", "public, max-age=31536000, immutable");
      else res.setHeader("cache-control", html ? "no-store" : "no-cache");
    },
  });
  return async (req: IncomingMessage, res: ServerResponse) => {
    const ancestors = await frameAncestors(req);
    if (framedByRefusedParent(req, ancestors)) return sendFrameRejected(res);
    ancestorsFor.set(res, ancestors);
    serve(req, res, () => {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      res.end("Not found");
    });
  };
}
