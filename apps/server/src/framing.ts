import type { IncomingMessage, ServerResponse } from "node:http";
import { originAllowed } from "@taller/core";
import { header } from "./headers";

function refererOrigin(req: IncomingMessage): string | null {
  try {
    const referer = header(req, "referer");
    return referer ? new URL(referer).origin : null;
  } catch {
    return null;
  }
}

/**
 * True when a page request is a frame that another site asked for and `ancestors` (the page's frame-ancestors
 * sources) does not admit. The browser would refuse to show the page and print its own error; the app answers
 * with a page that says why instead (seed 000 section 2.1). Only decided when the browser says it is a frame
 * (Sec-Fetch-Dest) of a foreign initiator (Sec-Fetch-Site); when the parent is unknown but the page admits other
 * sites (the booking add-on), the frame-ancestors header decides.
 */
export function framedByRefusedParent(req: IncomingMessage, ancestors: string): boolean {
  const dest = header(req, "sec-fetch-dest");
  if (dest !== "iframe" && dest !== "frame") return false;
  const site = header(req, "sec-fetch-site");
  if (site === "same-origin" || site === "none" || site === undefined) return false;
  const others = ancestors.split(" ").filter((s) => s !== "'self'");
  if (others.length === 0) return true;
  const parent = refererOrigin(req);
  return parent !== null && !originAllowed(parent, others);
}

const REJECTED_PAGE = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Taller</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;color:#333;background:#fafafa}h1{font-size:1.25rem;font-weight:500;text-align:center;padding:1rem;max-width:32rem}</style>
</head>
<body><main><h1>No se puede mostrar el contenido de esta página en un iframe.</h1></main></body>
</html>
`;

/**
 * The answer to a refused frame: a static page (no script, nothing of the app) that any parent may show, so the
 * user reads why instead of the browser's error.
 */
export function sendFrameRejected(res: ServerResponse) {
  res.writeHead(403, {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *",
    "cache-control": "no-store",
  });
  res.end(REJECTED_PAGE);
}
