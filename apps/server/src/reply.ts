import type { ServerResponse } from "node:http";

/** A JSON answer that no browser or proxy stores (the endpoints outside /trpc: uploads, inbound mail). */
export function replyJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}
