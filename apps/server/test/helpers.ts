import type { DemoFixtures } from "@taller/db/seed";
import { createSeededDatabase, type TestDatabase } from "@taller/testing";
import { busReady, createEventBus, type EventBus } from "@taller/trpc";
import { createTRPCClient, createWSClient, httpLink, wsLink } from "@trpc/client";
import type { AppRouter } from "@taller/api";
import superjson from "superjson";
import WebSocket from "ws";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { createServer, request } from "node:http";
import { connect } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chileanHolidays } from "@taller/db/seed";
import { createApp, type App, type AppOptions } from "../src/app";
import { createDiskFileStore } from "../src/files/store";
import { CLIENT_HEADER } from "@taller/core";
import { expect } from "vitest";
import { createLogger } from "../src/logger";

export interface TestServer {
  url: string;
  fx: DemoFixtures;
  tdb: TestDatabase;
  bus: EventBus;
  close(): Promise<void>;
}

/** The real HTTP + WebSocket server on a free port, over a fresh seeded database. */
export async function startTestServer(
  options: Partial<
    Pick<AppOptions, "trustProxy" | "webDist" | "logger" | "inboundMailLimits" | "testCheckout" | "files">
  > = {},
): Promise<TestServer> {
  const tdb = await createSeededDatabase();
  const fx = tdb.fx;
  const bus = createEventBus(tdb.database);
  try {
    await busReady(bus);
  } catch (error) {
    // A caller that gets no server cannot close it: what was made so far goes here.
    await bus.close();
    await tdb.drop();
    throw error;
  }
  const app: App = createApp({
    database: tdb.database,
    bus,
    logger: createLogger("silent"),
    webDist: "/nonexistent",
    trustProxy: 0,
    version: "test",
    files: options.files ?? createDiskFileStore(await mkdtemp(join(tmpdir(), "taller-files-"))),
    ...options,
  });
  const port = await app.listen(0, "127.0.0.1");
  return {
    url: `http://127.0.0.1:${port}`,
    fx,
    tdb,
    bus,
    async close() {
      await app.close();
      await bus.close();
      await tdb.drop();
    },
  };
}

/** A browser tab's navigation asks for HTML first (link-page.ts answers it with a page). */
export const NAVIGATION = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

/**
 * A failed link answered as a Spanish page of the app: the status, HTML, the text, the way home; never JSON or a
 * bare text.
 */
export async function expectLinkPage(response: Promise<Response>, status: number, text: string) {
  const res = await response;
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  const html = await res.text();
  expect(html).toMatch(/^<!doctype html><html lang="es-CL">/);
  expect(html).toContain(text);
  expect(html).toContain('<a href="/">Ir al inicio</a>');
  expect(html).not.toContain('{"error"');
}

/** Headers of a JSON POST to /trpc as the web app sends it. */
export const JSON_POST = { "content-type": "application/json", [CLIENT_HEADER]: "web" };

/** Logs in over plain HTTP and answers the session cookie ("taller_session=…"). */
export async function loginCookie(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/trpc/auth.login`, {
    method: "POST",
    headers: JSON_POST,
    body: JSON.stringify({ json: { email, password: "demo1234" } }),
  });
  return res.headers.getSetCookie()[0]!.split(";")[0]!;
}

/** A tRPC HTTP client that keeps its own cookie jar, like one browser. */
export function browser(baseUrl: string) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const client = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${baseUrl}/trpc`,
        transformer: superjson,
        headers: () => ({ cookie: cookie(), [CLIENT_HEADER]: "web" }),
        fetch: async (url, init) => {
          const res = await fetch(url, init);
          for (const set of res.headers.getSetCookie()) {
            const [pair] = set.split(";");
            const [name, value] = pair!.split("=");
            if (value) jar.set(name!, value);
            else jar.delete(name!);
          }
          return res;
        },
      }),
    ],
  });
  return {
    client,
    cookie,
    /** Opens a WebSocket tRPC client carrying this browser's cookies. */
    socket: () => openSocket(baseUrl, cookie()),
  };
}

/**
 * A WebSocket tRPC client sending `cookie` on its upgrade request from the app's own page (its Origin);
 * `closed` resolves with the close code.
 */
export function openSocket(baseUrl: string, cookie: string) {
  let resolveClosed: (code: number) => void;
  const closed = new Promise<number>((r) => (resolveClosed = r));
  class CookieWebSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie }, origin: baseUrl });
      this.once("close", (code) => resolveClosed(code));
    }
  }
  // No reconnection during a test: a closed socket must stay closed to be observed.
  const ws = createWSClient({
    url: `${baseUrl.replace("http", "ws")}/trpc`,
    WebSocket: CookieWebSocket as never,
    retryDelayMs: () => 60_000,
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: ws, transformer: superjson })] });
  return { client, closed, close: () => ws.close() };
}

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process has logged so far. */
  output(): string;
}

/** Starts `apps/server` as its own process and resolves with its URL once it logs that it listens. */
export function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [tsxCli, "src/index.ts"], {
    cwd: serverDir,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolvePromise, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    let started = false;
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"port":(\d+)\D.*listening/.exec(out);
      if (match && !started) {
        started = true;
        clearTimeout(timer);
        resolvePromise({ url: `http://127.0.0.1:${match[1]}`, child, output: () => out });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}

export function stopProcess({ child }: ServerProcess): Promise<void> {
  return new Promise<void>((r) => {
    if (child.exitCode !== null) return r();
    child.once("exit", () => r());
    child.kill("SIGTERM");
  });
}

export interface LoadBalancer {
  url: string;
  /** The server each request or WebSocket was sent to, in order. */
  sent: string[];
  close(): Promise<void>;
}

/**
 * A load balancer in front of server processes, as one proxy hop (TRUST_PROXY=1): each request and each WebSocket
 * goes to the next server in turn, with the Host the client addressed and the client in X-Forwarded-For. A server
 * that refuses the connection (stopped) answers 502 and the client's retry goes to the next.
 */
export async function startLoadBalancer(servers: readonly ServerProcess[]): Promise<LoadBalancer> {
  const sent: string[] = [];
  let turn = 0;
  const next = () => {
    const server = servers[turn++ % servers.length]!;
    sent.push(server.url);
    return new URL(server.url);
  };
  const forwarded = (peer: string | undefined) => ({ "x-forwarded-for": peer ?? "", "x-forwarded-proto": "http" });
  const proxy = createServer((req, res) => {
    const target = next();
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, ...forwarded(req.socket.remoteAddress) },
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(upstream);
  });
  proxy.on("upgrade", (req, socket, head) => {
    const target = next();
    const upstream = connect(Number(target.port), target.hostname, () => {
      const headers = { ...req.headers, ...forwarded(req.socket.remoteAddress) };
      const lines = Object.entries(headers).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${k}: ${x}`));
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  const { port } = proxy.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    close: () => {
      proxy.closeAllConnections();
      return new Promise((r) => proxy.close(() => r()));
    },
  };
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The `n`th Monday (from 0) 40+ days ahead that is not a holiday: past every demo booking and block. */
export function freeMonday(n: number): string {
  const today = new Date().toISOString().slice(0, 10);
  const holidays = new Set(
    [...chileanHolidays(Number(today.slice(0, 4))), ...chileanHolidays(Number(today.slice(0, 4)) + 1)].map(
      (h) => h.date,
    ),
  );
  let d = addDays(today, 40);
  for (let found = -1; ; d = addDays(d, 1))
    if (new Date(`${d}T00:00:00Z`).getUTCDay() === 1 && !holidays.has(d) && ++found === n) return d;
}
