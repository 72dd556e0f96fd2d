import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { appRouter } from "@taller/api";
import type { AnyTRPCRouter } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContext } from "../src/context";
import { createTrpcHttpHandler } from "../src/trpc-http";
import { JSON_POST, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  const res = await fetch(`${server.url}/trpc/auth.login`, {
    method: "POST",
    headers: JSON_POST,
    body: JSON.stringify({ json: { email: "admin@taller.demo", password: "demo1234" } }),
  });
  cookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
});
afterAll(() => server.close());

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
    const [list, order] = JSON.parse(text) as { result: { data: { json: unknown; meta?: unknown } } }[];
    expect(list!.result.data.meta).toBeUndefined();
    expect((list!.result.data.json as { orders: unknown[] }).orders.length).toBeGreaterThan(0);
    // Instants travel in one wire format, ISO-8601 text, so the order needs no superjson meta either.
    expect(order!.result.data.meta).toBeUndefined();
    expect((order!.result.data.json as { check_in_time: unknown }).check_in_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  });

  it("answers errors with their status, and unknown procedures with 404", async () => {
    const anonymous = await fetch(`${server.url}/trpc/orders.totalsByStatus`);
    expect(anonymous.status).toBe(401);
    expect(Number(anonymous.headers.get("content-length"))).toBeGreaterThan(0);
    expect(((await anonymous.json()) as { error: { json: { data: { code: string } } } }).error.json.data.code).toBe("UNAUTHORIZED");
    expect((await fetch(`${server.url}/trpc/orders.nothing`, { headers: { cookie } })).status).toBe(404);
  });

  it("still streams JSON lines to a client that asks for them", async () => {
    const res = await batch(["orders.statuses", "orders.totalsByStatus"], [undefined, {}], { "trpc-accept": "application/jsonl" });
    expect(res.status).toBe(200);
    expect(res.headers.get("transfer-encoding")).toBe("chunked");
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
    reference = createServer((req, res) => void handler(req, res, (req.url ?? "").split("?")[0]!.slice("/trpc/".length)));
    await new Promise<void>((r) => reference.listen(0, "127.0.0.1", () => r()));
    referenceUrl = `http://127.0.0.1:${(reference.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => reference.close(r)));

  const input = (inputs: unknown[]) => encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((json, i) => [i, { json }]))));
  const cases: [string, RequestInit & { path: string }][] = [
    ["a batch of queries", { path: `/trpc/orders.list,orders.statuses?batch=1&input=${input([{}, undefined])}` }],
    ["one query", { path: `/trpc/orders.statuses` }],
    ["a batch with one bad input (207)", { path: `/trpc/orders.list,orders.get?batch=1&input=${input([{}, { id: "x" }])}` }],
    ["a batch whose input is not an object", { path: `/trpc/orders.statuses?batch=1&input=%5B1%5D` }],
    ["malformed input", { path: `/trpc/orders.list?input=%7Bnope` }],
    ["no session", { path: "/trpc/auth.me", headers: {} }],
    ["a mutation", { path: "/trpc/auth.login", method: "POST", body: JSON.stringify({ json: { email: "nadie@x.cl", password: "x" } }) }],
    ["a query by GET to a mutation", { path: "/trpc/auth.logout" }],
    ["an unknown procedure", { path: "/trpc/orders.nothing" }],
  ];
  for (const [name, { path, ...init }] of cases) {
    it(`answers ${name} as tRPC's resolveResponse does`, async () => {
      const headers = { cookie, ...JSON_POST, ...(init.headers as Record<string, string> | undefined) };
      const [fast, slow] = await Promise.all([server.url, referenceUrl].map((base) => fetch(base + path, { ...init, headers })));
      expect(fast!.status).toBe(slow!.status);
      expect(fast!.headers.get("content-type")).toBe(slow!.headers.get("content-type"));
      expect(await fast!.text()).toBe(await slow!.text());
    });
  }
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
