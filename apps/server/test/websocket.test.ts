import { sessions } from "@taller/db";
import { sql } from "drizzle-orm";
import WebSocket from "ws";
import { beforeAll, describe, expect, it } from "vitest";
import { WS_MAX_PAYLOAD } from "../src/app";
import { browser, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  return () => server.close();
});

const wsUrl = () => `${server.url.replace("http", "ws")}/trpc`;

/** Opens a raw socket; resolves with "open" or the HTTP status of a refused upgrade. */
function attempt(headers: Record<string, string>, origin?: string): Promise<"open" | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(), { headers, ...(origin ? { origin } : {}) });
    ws.once("open", () => {
      ws.close();
      resolve("open");
    });
    ws.once("unexpected-response", (_req, res) => {
      resolve(res.statusCode!);
      ws.terminate();
    });
    ws.once("error", (err) => (err.message.includes("Unexpected server response") ? undefined : reject(err)));
  });
}

async function loggedIn(email = "admin@taller.demo") {
  const b = browser(server.url);
  await b.client.auth.login.mutate({ email, password: "demo1234" });
  return b;
}

describe("WebSocket upgrade", () => {
  it("opens from the app's own origin", async () => {
    const { cookie } = await loggedIn();
    expect(await attempt({ cookie: cookie() }, server.url)).toBe("open");
  });

  it("refuses another origin, even a sibling of the same site, with 403 before the handshake", async () => {
    const { cookie } = await loggedIn();
    expect(await attempt({ cookie: cookie() }, "http://evil.example")).toBe(403);
    expect(await attempt({ cookie: cookie() }, server.url.replace("127.0.0.1", "localhost"))).toBe(403);
    expect(await attempt({ cookie: cookie() }, "null")).toBe(403);
  });

  it("lets a program without Origin connect only without cookies", async () => {
    const { cookie } = await loggedIn();
    expect(await attempt({ cookie: cookie() })).toBe(403);
    expect(await attempt({})).toBe("open");
  });

  it("closes a socket that sends a message over 1 MiB (a 5 MB frame) with 1009", async () => {
    const { cookie } = await loggedIn();
    const ws = new WebSocket(wsUrl(), { headers: { cookie: cookie() }, origin: server.url });
    await new Promise((r) => ws.once("open", r));
    const closed = new Promise<number>((r) => ws.once("close", (code) => r(code)));
    ws.send(Buffer.alloc(5 * 1024 * 1024, "a"));
    expect(await closed).toBe(1009);
    expect(WS_MAX_PAYLOAD).toBe(1024 * 1024);
  });
});

describe("a socket does not outlive its session", () => {
  it("logout closes it", async () => {
    const b = await loggedIn();
    const socket = b.socket();
    expect((await socket.client.auth.me.query()).mail).toBe("admin@taller.demo");
    await b.client.auth.logout.mutate();
    expect(await socket.closed).toBe(4001);
  });

  it("revoking the device from Dispositivos closes it", async () => {
    const phone = await loggedIn("asesor@taller.demo");
    const laptop = await loggedIn("asesor@taller.demo");
    const socket = phone.socket();
    expect((await socket.client.auth.me.query()).mail).toBe("asesor@taller.demo");
    const devices = await laptop.client.account.devices.query();
    const phoneDevice = devices.find((d) => !d.current)!;
    await laptop.client.account.destroyDevice.mutate({ id: phoneDevice.id });
    expect(await socket.closed).toBe(4001);
  });

  it("the session's expiry closes it, without any request", async () => {
    const b = await loggedIn("tecnico@taller.demo");
    const id = b.cookie().split("=")[1]!;
    // The absolute lifetime ends a moment from now (the sliding expiry would be renewed by validation).
    await server.tdb.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '30 days' + interval '1 second'` })
      .where(sql`${sessions.id} = ${id}`);
    const socket = b.socket();
    expect((await socket.client.auth.me.query()).mail).toBe("tecnico@taller.demo");
    expect(await socket.closed).toBe(4001);
  });
});
