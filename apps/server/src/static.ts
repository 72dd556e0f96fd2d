import { existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import sirv from "sirv";

/** Computes the frame-ancestors sources for an HTML response (the booking add-on pages allow more). */
export type FrameAncestors = (req: IncomingMessage) => Promise<string>;

/**
 * Serves the built web app: hashed assets cached for a year, index.html for client routes, and a
 * Content-Security-Policy frame-ancestors header on every HTML response.
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
      if (pathname.endsWith(".html") || !/\.[a-z0-9]+$/i.test(pathname)) {
        res.setHeader("content-security-policy", `frame-ancestors ${ancestorsFor.get(res) ?? "'self'"}`);
      }
      if (pathname.startsWith("/assets/")) res.setHeader("cache-control", "public, max-age=31536000, immutable");
      else res.setHeader("cache-control", "no-cache");
    },
  });
  return async (req: IncomingMessage, res: ServerResponse) => {
    ancestorsFor.set(res, await frameAncestors(req));
    serve(req, res, () => {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      res.end("Not found");
    });
  };
}
