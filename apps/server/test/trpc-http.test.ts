import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers";

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  const res = await fetch(`${server.url}/trpc/auth.login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
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
    // Instants travel in their one wire form (ISO-8601 strings, @taller/core instant.ts): no superjson meta either.
    expect(order!.result.data.meta).toBeUndefined();
    expect((order!.result.data.json as { check_in_time: string }).check_in_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
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
