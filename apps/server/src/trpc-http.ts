import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import { CLIENT_HEADER } from "@taller/core";
import { userError } from "@taller/trpc";
import {
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  transformTRPCResponse,
  type AnyTRPCRouter,
  type inferRouterContext,
  type TRPCError,
} from "@trpc/server";
import { getHTTPStatusCodeFromError, resolveResponse, type HTTPErrorHandler } from "@trpc/server/http";
import { declaredTooLarge, readBody } from "./body";

interface Options<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  createContext(opts: { req: IncomingMessage; res: ServerResponse }): Promise<inferRouterContext<TRouter>>;
  onError?: HTTPErrorHandler<TRouter, IncomingMessage>;
}

export const TRPC_LIMITS = {
  /** A JSON body: far above any form of the app, far below what would hurt the process. */
  bodyBytes: 1024 * 1024,
  /** Calls in one batched request (the browser batches a screen's queries: a handful). */
  batchCalls: 10,
} as const;

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Why a /trpc request is refused before its body is read and before any procedure runs, or null. */
export function refusal(req: IncomingMessage, path: string): TRPCError | null {
  const query = (req.url ?? "").split("?")[1] ?? "";
  if (new URLSearchParams(query).get("batch") === "1" && path.split(",").length > TRPC_LIMITS.batchCalls) {
    return userError("BAD_REQUEST", `Una solicitud puede llevar como máximo ${TRPC_LIMITS.batchCalls} operaciones.`);
  }
  if (req.method === "POST") {
    const type = header(req, "content-type")?.split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json") return userError("UNSUPPORTED_MEDIA_TYPE", "Formato de solicitud no aceptado");
    if (!header(req, CLIENT_HEADER)) return userError("FORBIDDEN", "Solicitud rechazada");
    if (declaredTooLarge(req, TRPC_LIMITS.bodyBytes)) return tooLarge();
  }
  return null;
}

const tooLarge = () => userError("PAYLOAD_TOO_LARGE", "La solicitud supera el máximo de 1 MB");

/** One JSON document, as opposed to JSON lines (transfer-encoding: chunked). */
const isWhole = (response: Response) =>
  response.headers.get("content-type") === "application/json" && !response.headers.has("transfer-encoding");

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (key.startsWith(":") || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  return headers;
}

/**
 * tRPC over node:http through tRPC's public adapter API (`resolveResponse`), with what the stock adapter lacks: the
 * refusals above, a body read whole (up to the limit) before tRPC sees it, and the answer written in one go. The
 * stock adapter pipes every answer through web streams into a chunked body, two socket writes (measured: 0.04 ms
 * more for a small answer, 0.09 ms for a page of 50 orders); a whole JSON answer (every answer the browser gets: it
 * batches over HTTP and subscribes over the WebSocket) goes out with a content-length; JSON lines still stream.
 * `path` is the procedure path, the request path after /trpc/.
 */
export function createTrpcHttpHandler<TRouter extends AnyTRPCRouter>(opts: Options<TRouter>) {
  const config = opts.router._def._config;

  /** An error answer in tRPC's shape (through the error formatter), for failures outside resolveResponse. */
  function sendError(res: ServerResponse, error: TRPCError, path: string, close = false) {
    const shape = getTRPCErrorShape({ config, error, type: "unknown", path, input: undefined, ctx: undefined });
    const body = JSON.stringify(transformTRPCResponse(config, { error: shape }));
    const headers: Record<string, string | number> = { "content-type": "application/json", "content-length": Buffer.byteLength(body) };
    // The rest of a refused body is not read: the connection cannot carry another request.
    if (close) headers.connection = "close";
    res.writeHead(getHTTPStatusCodeFromError(error), headers);
    res.end(body);
  }

  return async (req: IncomingMessage, res: ServerResponse, path: string) => {
    try {
      const refused = refusal(req, path);
      if (refused) return sendError(res, refused, path, req.method === "POST");
      let body: Buffer | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const read = await readBody(req, TRPC_LIMITS.bodyBytes);
        if (!read) return sendError(res, tooLarge(), path, true);
        body = read;
      }
      // Streams (JSON lines) stop when the client leaves.
      const abort = new AbortController();
      res.once("close", () => {
        if (!res.writableFinished) abort.abort();
      });
      const response = await resolveResponse({
        router: opts.router,
        req: new Request(new URL(req.url ?? "/", "http://localhost"), {
          method: req.method,
          headers: toHeaders(req),
          body,
          signal: abort.signal,
        }),
        path,
        error: null,
        createContext: () => opts.createContext({ req, res }),
        onError: (o) => opts.onError?.({ ...o, req }),
      });
      if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
        // Subscriptions are served over the WebSocket only, where the Origin and session-end checks live (SSE is
        // disabled in trpc.ts, which still answers 200 with an error event).
        abort.abort();
        await response.body?.cancel();
        return sendError(res, userError("METHOD_NOT_SUPPORTED", "Las suscripciones se atienden solo por WebSocket"), path);
      }
      res.statusCode = response.status;
      for (const [key, value] of response.headers) if (key !== "set-cookie") res.setHeader(key, value);
      for (const cookie of response.headers.getSetCookie()) res.appendHeader("set-cookie", cookie);
      if (!response.body) {
        res.end();
      } else if (isWhole(response)) {
        const bytes = Buffer.from(await response.arrayBuffer());
        res.setHeader("content-length", bytes.length);
        res.end(bytes);
      } else {
        await pipeline(Readable.fromWeb(response.body as ReadableStream), res);
      }
    } catch (cause) {
      // A client that leaves mid-stream is not an error.
      if (res.destroyed) return;
      const error = getTRPCErrorFromUnknown(cause);
      opts.onError?.({ error, path, req, type: "unknown", ctx: undefined, input: undefined });
      if (res.headersSent) res.end();
      else sendError(res, error, path);
    }
  };
}
