import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_HEADER } from "@taller/core";
import { TRPC_LIMITS } from "../src/trpc-http";
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

interface ErrorBody {
  error: { json: { message: string; data: { code: string; httpStatus: number } } };
}
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error.json;

/** A POST whose body is streamed in chunks with no Content-Length, as a client hiding its size would send it. */
function chunkedPost(path: string, chunks: number, chunk: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method: "POST", headers: { ...JSON_POST, cookie, "transfer-encoding": "chunked" } }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    // The server answers and closes before the whole body is sent: that is the point.
    req.on("error", (err) => (err.message.includes("EPIPE") || err.message.includes("ECONNRESET") ? undefined : reject(err)));
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
    const ok = await fetch(`${server.url}/trpc/${paths.slice(1).join(",")}?batch=1&input=${input}`, { headers: { cookie } });
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
      const res = await fetch(`${server.url}/trpc/auth.logout`, { method: "POST", headers: { cookie, "content-type": type, [CLIENT_HEADER]: "web" }, body });
      expect(res.status).toBe(415);
    }
    const bare = await fetch(`${server.url}/trpc/auth.logout`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: "{}" });
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
