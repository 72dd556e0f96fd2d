import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { appRouter } from "@taller/api";
import { CLIENT_HEADER } from "@taller/core";
import type { AnyTRPCRouter } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContext } from "../src/context";
import { createTrpcHttpHandler, TRPC_LIMITS } from "../src/trpc-http";
import { JSON_POST, loginCookie, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  return () => server.close();
});
beforeAll(async () => {
  cookie = await loginCookie(server.url, "admin@taller.demo");
});

/** A batched GET as the browser's httpBatchLink sends it. */
const batch = (paths: string[], inputs: unknown[], headers: Record<string, string> = {}) =>
  fetch(
    `${server.url}/trpc/${paths.join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((json, i) => [i, { json }]))))}`,
    { headers: { cookie, ...headers } },
  );

describe("tRPC over HTTP", () => {
  it("sends a whole JSON answer with a content-length, plain rows without superjson meta", async () => {
    const res = await batch(["orders.list", "orders.get"], [{}, { id: server.fx.demo.orderIds[0] }]);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("transfer-encoding")).toBeNull();
    const text = await res.text();
    expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(text));
    // The server's own time for the request (the booking bench prints it beside the wall time).
    expect(res.headers.get("server-timing")).toMatch(/^app;dur=\d+\.\d{2}$/);
    const [list, order] = JSON.parse(text) as { result: { data: { json: unknown; meta?: unknown } } }[];
    expect(list!.result.data.meta).toBeUndefined();
    expect((list!.result.data.json as { orders: unknown[] }).orders.length).toBeGreaterThan(0);
    // Instants travel in their one wire form (ISO-8601 strings, @taller/core instant.ts): no superjson meta either.
    expect(order!.result.data.meta).toBeUndefined();
    expect((order!.result.data.json as { check_in_time: string }).check_in_time).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
    );
  });

  it("answers errors with their status, and unknown procedures with 404", async () => {
    const anonymous = await fetch(`${server.url}/trpc/orders.totalsByStatus`);
    expect(anonymous.status).toBe(401);
    expect(Number(anonymous.headers.get("content-length"))).toBeGreaterThan(0);
    expect(((await anonymous.json()) as { error: { json: { data: { code: string } } } }).error.json.data.code).toBe(
      "UNAUTHORIZED",
    );
    expect((await fetch(`${server.url}/trpc/orders.nothing`, { headers: { cookie } })).status).toBe(404);
  });

  it("still streams JSON lines to a client that asks for them", async () => {
    const res = await batch(["orders.statuses", "orders.totalsByStatus"], [undefined, {}], {
      "trpc-accept": "application/jsonl",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("transfer-encoding")).toBe("chunked");
    expect(res.headers.get("server-timing")).toMatch(/^app;dur=/);
    const lines = (await res.text()).trim().split("\n");
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join("")).toContain("Sin Presupuesto");
  });
});

describe("the adapter's fast path", () => {
  // The same router and context behind tRPC's own resolveResponse, to compare answers with.
  let reference: Server;
  let referenceUrl: string;
  beforeAll(async () => {
    const deps = { database: server.tdb.database, bus: server.bus, trustProxy: 0, appVersion: "test" };
    const handler = createTrpcHttpHandler({
      router: appRouter,
      createContext: ({ req, res }) => buildContext(deps, req, (c) => res.appendHeader("set-cookie", c)),
      fastPath: false,
    });
    reference = createServer(
      (req, res) => void handler(req, res, (req.url ?? "").split("?")[0]!.slice("/trpc/".length)),
    );
    await new Promise<void>((r) => reference.listen(0, "127.0.0.1", () => r()));
    referenceUrl = `http://127.0.0.1:${(reference.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => reference.close(r)));

  const input = (inputs: unknown[]) =>
    encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((json, i) => [i, { json }]))));
  const cases: [string, RequestInit & { path: string }][] = [
    ["a batch of queries", { path: `/trpc/orders.list,orders.statuses?batch=1&input=${input([{}, undefined])}` }],
    ["one query", { path: `/trpc/orders.statuses` }],
    [
      "a batch with one bad input (207)",
      { path: `/trpc/orders.list,orders.get?batch=1&input=${input([{}, { id: "x" }])}` },
    ],
    ["a batch whose input is not an object", { path: `/trpc/orders.statuses?batch=1&input=%5B1%5D` }],
    ["malformed input", { path: `/trpc/orders.list?input=%7Bnope` }],
    ["no session", { path: "/trpc/auth.me", headers: {} }],
    [
      "a mutation",
      {
        path: "/trpc/auth.login",
        method: "POST",
        body: JSON.stringify({ json: { email: "nadie@x.cl", password: "x" } }),
      },
    ],
    [
      "a batch of mutations",
      {
        path: "/trpc/auth.login,auth.login?batch=1",
        method: "POST",
        body: JSON.stringify({ 0: { json: { email: "a@x.cl", password: "x" } }, 1: { json: {} } }),
      },
    ],
    ["a query by GET to a mutation", { path: "/trpc/auth.logout" }],
    ["an unknown procedure", { path: "/trpc/orders.nothing" }],
    ["a HEAD request to a mutation (runs nothing)", { path: "/trpc/auth.logout", method: "HEAD" }],
  ];
  for (const [name, { path, ...init }] of cases) {
    it(`answers ${name} as tRPC's resolveResponse does`, async () => {
      const headers = { cookie, ...JSON_POST, ...(init.headers as Record<string, string> | undefined) };
      const [fast, slow] = await Promise.all(
        [server.url, referenceUrl].map((base) => fetch(base + path, { ...init, headers })),
      );
      expect(fast!.status).toBe(slow!.status);
      expect(fast!.headers.get("content-type")).toBe(slow!.headers.get("content-type"));
      expect(await fast!.text()).toBe(await slow!.text());
    });
  }
});

interface ErrorBody {
  error: { json: { message: string; data: { code: string; httpStatus: number } } };
}
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error.json;

/** A POST whose body is streamed in chunks with no Content-Length, as a client hiding its size would send it. */
function chunkedPost(path: string, chunks: number, chunk: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      { method: "POST", headers: { ...JSON_POST, cookie, "transfer-encoding": "chunked" } },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      },
    );
    // The server answers and closes before the whole body is sent: that is the point.
    req.on("error", (err) =>
      err.message.includes("EPIPE") || err.message.includes("ECONNRESET") ? undefined : reject(err),
    );
    let sent = 0;
    const write = () => {
      while (sent < chunks) {
        sent++;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

describe("/trpc limits", () => {
  it("refuses a batch of more than 10 calls with 400 before any runs", async () => {
    const paths = Array.from({ length: TRPC_LIMITS.batchCalls + 1 }, () => "orders.statuses");
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(paths.map((_, i) => [i, { json: null }]))));
    const res = await fetch(`${server.url}/trpc/${paths.join(",")}?batch=1&input=${input}`, { headers: { cookie } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("Una solicitud puede llevar como máximo 10 operaciones.");
    const ok = await fetch(`${server.url}/trpc/${paths.slice(1).join(",")}?batch=1&input=${input}`, {
      headers: { cookie },
    });
    expect(ok.status).toBe(200);
  });

  it("refuses a 5 MB body declared by Content-Length with 413", async () => {
    const body = JSON.stringify({ json: { email: "a".repeat(5_000_000), password: "x" } });
    const res = await fetch(`${server.url}/trpc/auth.login`, { method: "POST", headers: JSON_POST, body });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toBe("La solicitud supera el máximo de 1 MB");
  });

  it("refuses a 5 MB chunked body as soon as it passes the limit", async () => {
    const res = await chunkedPost("/trpc/auth.login", 80, Buffer.alloc(64 * 1024, " "));
    expect(res.status).toBe(413);
    expect(res.body).toContain("La solicitud supera el máximo de 1 MB");
  });

  it("refuses POSTs a cross-site form could send: other content types, or no app header", async () => {
    const body = JSON.stringify({ json: { email: "admin@taller.demo", password: "demo1234" } });
    for (const type of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain"]) {
      const res = await fetch(`${server.url}/trpc/auth.logout`, {
        method: "POST",
        headers: { cookie, "content-type": type, [CLIENT_HEADER]: "web" },
        body,
      });
      expect(res.status).toBe(415);
    }
    const bare = await fetch(`${server.url}/trpc/auth.logout`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: "{}",
    });
    expect(bare.status).toBe(403);
    expect((await errorOf(bare)).message).toBe("Solicitud rechazada");
    // The session survived all of them.
    expect((await fetch(`${server.url}/trpc/auth.me`, { headers: { cookie } })).status).toBe(200);
  });

  it("serves no subscription over HTTP (server-sent events): subscriptions go over the WebSocket only", async () => {
    const res = await fetch(`${server.url}/trpc/company.onEvent`, { headers: { cookie, accept: "text/event-stream" } });
    expect(res.status).toBe(405);
    expect((await errorOf(res)).message).toBe("Las suscripciones se atienden solo por WebSocket");
  });
});

describe("tRPC internals the adapter reads (@trpc/server is pinned for them)", () => {
  it("router._def keeps the root config and a flat map of procedures with their type", () => {
    // Read as the adapter reads them, through any router.
    const router: AnyTRPCRouter = appRouter;
    const config = router._def._config;
    expect(typeof config.transformer.input.deserialize).toBe("function");
    expect(typeof config.transformer.output.serialize).toBe("function");
    expect(typeof config.errorFormatter).toBe("function");
    const procedures = router._def.procedures as Record<string, { _def: { type: string } } | undefined>;
    expect(procedures["orders.list"]?._def.type).toBe("query");
    expect(procedures["auth.login"]?._def.type).toBe("mutation");
    expect(procedures["company.onEvent"]?._def.type).toBe("subscription");
  });
});
