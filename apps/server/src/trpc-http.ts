import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CLIENT_HEADER, MAX_BATCH_CALLS, present } from "@taller/core";
import { userError } from "@taller/trpc";
import {
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  transformTRPCResponse,
  TRPCError,
  type AnyTRPCRouter,
  type inferRouterContext,
  type TRPCProcedureType,
} from "@trpc/server";
import {
  getHTTPStatusCode,
  getHTTPStatusCodeFromError,
  resolveResponse,
  type HTTPErrorHandler,
} from "@trpc/server/http";
import { declaredTooLarge, readBody } from "./body";
import { header, mediaType } from "./headers";

interface Options<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  createContext(opts: { req: IncomingMessage; res: ServerResponse }): Promise<inferRouterContext<TRouter>>;
  onError?: HTTPErrorHandler<TRouter, IncomingMessage>;
  /** Off: every request through tRPC's resolveResponse (the tests compare both paths' answers). */
  fastPath?: boolean;
}

export const TRPC_LIMITS = {
  /** A JSON body: far above any form of the app, far below what would hurt the process. */
  bodyBytes: 1024 * 1024,
  /** Calls in one batched request (the web client splits larger batches at the same number). */
  batchCalls: MAX_BATCH_CALLS,
} as const;

/** Why a /trpc request is refused before its body is read and before any procedure runs, or null. */
export function refusal(req: IncomingMessage, path: string): TRPCError | null {
  const query = (req.url ?? "").split("?")[1] ?? "";
  if (new URLSearchParams(query).get("batch") === "1" && path.split(",").length > TRPC_LIMITS.batchCalls) {
    return userError("BAD_REQUEST", `Una solicitud puede llevar como máximo ${TRPC_LIMITS.batchCalls} operaciones.`);
  }
  if (req.method === "POST") {
    const type = mediaType(header(req, "content-type")).toLowerCase();
    if (type !== "application/json") return userError("UNSUPPORTED_MEDIA_TYPE", "Formato de solicitud no aceptado");
    if (!header(req, CLIENT_HEADER)) return userError("FORBIDDEN", "Solicitud rechazada");
    if (declaredTooLarge(req, TRPC_LIMITS.bodyBytes)) return tooLarge();
  }
  return null;
}

/**
 * The time the server spent on a request until its answer was ready (body read, context, procedures, JSON), as a
 * Server-Timing header: benches and the browser's network panel tell it apart from the network and the client.
 * It says no more than the caller's own clock does.
 */
const serverTiming = (started: number) => `app;dur=${(performance.now() - started).toFixed(2)}`;

const tooLarge = () => userError("PAYLOAD_TOO_LARGE", "La solicitud supera el máximo de 1 MB");

/** The raw inputs of a call, by batch index, as tRPC reads them; a TRPCError when they cannot be read. */
function parseInputs(text: string | null | undefined, isBatch: boolean, calls: number): unknown[] | TRPCError {
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch (cause) {
    return new TRPCError({
      code: "BAD_REQUEST",
      message: cause instanceof Error ? cause.message : "Invalid input",
      cause,
    });
  }
  if (!isBatch) return [parsed];
  if (parsed === undefined) return [];
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return new TRPCError({ code: "BAD_REQUEST", message: '"input" needs to be an object when doing a batch call' });
  }
  return Array.from({ length: calls }, (_, i) => (parsed as Record<string, unknown>)[i]);
}

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
  // `router._def` (the root config with transformer and error formatter, the flat procedures map, a procedure's
  // type) is tRPC's internal: its public API has no way to read them. @trpc/server is pinned to an exact version in
  // every package.json for it, and test/trpc-http.test.ts fails on an upgrade that changes their shape or answers.
  const config = opts.router._def._config;

  /** An error answer in tRPC's shape (through the error formatter), for failures outside resolveResponse. */
  function sendError(res: ServerResponse, error: TRPCError, path: string, close = false) {
    const shape = getTRPCErrorShape({ config, error, type: "unknown", path, input: undefined, ctx: undefined });
    const body = JSON.stringify(transformTRPCResponse(config, { error: shape }));
    const headers: Record<string, string | number> = {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
    };
    // The rest of a refused body is not read: the connection cannot carry another request.
    if (close) headers.connection = "close";
    res.writeHead(getHTTPStatusCodeFromError(error), headers);
    res.end(body);
  }

  // The procedures by path (tRPC keeps them flat in the router's definition), to know a call's type up front.
  const procedures = opts.router._def.procedures as Record<string, { _def: { type: TRPCProcedureType } } | undefined>;

  /**
   * The fast path: every query (GET) and mutation (POST) the browser sends, answered as resolveResponse would (same
   * status, same bytes; a test compares them) without a fetch Request, a Response read back through web streams,
   * abort signals and header copies, which are a third of what tRPC adds to a page of orders. When the request
   * needs resolveResponse (a subscription, a procedure of another type, an unknown path, JSON lines): false.
   */
  async function fast(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    body: Buffer | undefined,
    started: number,
  ): Promise<boolean> {
    if (req.method !== "GET" && req.method !== "POST") return false;
    const query = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
    if (header(req, "trpc-accept") === "application/jsonl" || query.has("connectionParams")) return false;
    const type: TRPCProcedureType = req.method === "GET" ? "query" : "mutation";
    const isBatch = query.get("batch") === "1";
    const paths = isBatch ? path.split(",") : [path];
    if (!paths.every((p) => procedures[p]?._def.type === type)) return false;

    let inputs: unknown[] | TRPCError | undefined;
    const inputOf = (index: number) => {
      inputs ??= parseInputs(req.method === "GET" ? query.get("input") : body?.toString("utf8"), isBatch, paths.length);
      if (inputs instanceof TRPCError) throw inputs;
      const raw = inputs[index];
      return raw === undefined ? undefined : (config.transformer.input.deserialize(raw) as unknown);
    };
    let ctx: inferRouterContext<TRouter> | undefined;
    // Boxed: whatever createContext threw (even a falsy value) fails every call of the batch.
    let ctxFailure: { cause: unknown } | undefined;
    try {
      ctx = await opts.createContext({ req, res });
    } catch (cause) {
      ctxFailure = { cause };
    }
    const errors: TRPCError[] = [];
    const items = await Promise.all(
      paths.map(async (p, index) => {
        try {
          if (ctxFailure) throw ctxFailure.cause;
          const data: unknown = await callTRPCProcedure({
            router: opts.router,
            path: p,
            // A bad input rejects (the executor turns the throw into a rejection), as tRPC expects.
            getRawInput: () => new Promise((resolve) => resolve(inputOf(index))),
            ctx,
            type,
            signal: undefined,
            batchIndex: index,
          });
          return { result: { data } };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          errors[index] = error;
          const input = inputs instanceof TRPCError ? undefined : inputs?.[index];
          opts.onError?.({ error, path: p, input, ctx, type, req });
          return { error: getTRPCErrorShape({ config, error, type, path: p, input, ctx }) };
        }
      }),
    );
    const json = isBatch ? items : present(items[0], "the answer to a single call");
    // Written as a string: node encodes it straight into the socket's write (a Buffer first is one more copy).
    const text = JSON.stringify(transformTRPCResponse(config, json));
    res.statusCode = getHTTPStatusCode(json, errors);
    res.setHeader("vary", "trpc-accept, accept");
    res.setHeader("content-type", "application/json");
    res.setHeader("content-length", Buffer.byteLength(text));
    res.setHeader("server-timing", serverTiming(started));
    res.end(text);
    return true;
  }

  return async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const started = performance.now();
    try {
      const refused = refusal(req, path);
      if (refused) return sendError(res, refused, path, req.method === "POST");
      let body: Buffer | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const read = await readBody(req, TRPC_LIMITS.bodyBytes);
        if (!read) return sendError(res, tooLarge(), path, true);
        body = read;
      }
      if (opts.fastPath !== false && (await fast(req, res, path, body, started))) return;
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
        return sendError(
          res,
          userError("METHOD_NOT_SUPPORTED", "Las suscripciones se atienden solo por WebSocket"),
          path,
        );
      }
      res.statusCode = response.status;
      for (const [key, value] of response.headers) if (key !== "set-cookie") res.setHeader(key, value);
      for (const cookie of response.headers.getSetCookie()) res.appendHeader("set-cookie", cookie);
      res.setHeader("server-timing", serverTiming(started));
      if (!response.body) {
        res.end();
      } else if (isWhole(response)) {
        const bytes = Buffer.from(await response.arrayBuffer());
        res.setHeader("content-length", bytes.length);
        res.end(bytes);
      } else {
        await pipeline(Readable.fromWeb(response.body), res);
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
