import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "./logger";

/** A JSON answer that no browser or proxy stores (the endpoints outside /trpc: uploads, inbound mail). */
export function replyJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

type KeyedHandler = (req: IncomingMessage, res: ServerResponse, key: string) => Promise<void>;

/**
 * An inbound endpoint whose path holds a secret key: anything that still fails (the database, the connection) is
 * logged without the path and answered 503 with `unavailable`, so the sender retries later.
 */
export function retryLater(logger: Logger, what: string, unavailable: string, handle: KeyedHandler): KeyedHandler {
  return async (req, res, key) => {
    try {
      await handle(req, res, key);
    } catch (err) {
      logger.error({ err }, `${what} failed`);
      if (!res.headersSent) replyJson(res, 503, { error: unavailable });
      else res.end();
    }
  };
}
