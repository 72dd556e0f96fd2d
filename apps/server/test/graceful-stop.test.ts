import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import { afterAll, describe, expect, it } from "vitest";
import { JSON_POST } from "./helpers";

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = mkdtempSync(join(tmpdir(), "taller-stop-"));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The server as production runs it (`pnpm start`: the bundle built by build.mjs, run by plain node) on an empty
 * embedded database; resolves with its URL once it listens.
 */
function start(): Promise<string> {
  execFileSync(process.execPath, ["build.mjs"], { cwd: serverDir });
  child = spawn(process.execPath, ["dist/index.js"], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      DATA_DIR: dataDir,
      SEED_DEMO: "never",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((ok, fail) => {
    let out = "";
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"port":(\d+)\D.*listening/.exec(out);
      if (match) ok(`http://127.0.0.1:${match[1]}`);
    };
    child!.stdout!.on("data", onData);
    child!.stderr!.on("data", onData);
    child!.once("exit", (code) => fail(new Error(`server exited with ${code}:\n${out}`)));
  });
}

describe("the built server, on SIGTERM", () => {
  it("finishes the request in flight, closes sockets with 1001 and exits 0", async () => {
    const url = await start();
    // The bundle speaks Spanish too: zod's locale is set by the tRPC setup, which a bundler cannot drop.
    const tooLong = await fetch(`${url}/trpc/auth.login`, {
      method: "POST",
      headers: JSON_POST,
      body: JSON.stringify({ json: { email: "nadie@ejemplo.cl", password: "x".repeat(201) } }),
    });
    const refused = (await tooLong.json()) as {
      error: { json: { data: { fieldErrors: { fieldErrors: Record<string, string[]> } } } };
    };
    expect(refused.error.json.data.fieldErrors.fieldErrors.password?.[0]).toMatch(/^Demasiado grande/);

    const exited = new Promise<number | null>((r) => child!.once("exit", (code) => r(code)));

    const ws = new WebSocket(`${url.replace("http", "ws")}/trpc`);
    await new Promise((r) => ws.once("open", r));
    const socketClosed = new Promise<number>((r) => ws.once("close", (code) => r(code)));

    // A request whose body is still to come when the signal arrives. "100 Continue" says the server has read its
    // headers and is handling it; the body is sent only once the server has begun stopping (the socket's 1001).
    const body = JSON.stringify({ json: { email: "nadie@ejemplo.cl", password: "mala" } });
    let headersRead: () => void;
    const inFlight = new Promise<void>((r) => (headersRead = r));
    const answered = new Promise<number>((ok, fail) => {
      const headers = { ...JSON_POST, "content-length": Buffer.byteLength(body), expect: "100-continue" };
      const req = request(`${url}/trpc/auth.login`, { method: "POST", headers }, (res) => {
        res.resume();
        res.on("end", () => ok(res.statusCode!));
      });
      req.on("error", fail);
      req.once("continue", () => headersRead());
      void socketClosed.then(() => req.end(body));
    });
    await inFlight;
    child!.kill("SIGTERM");

    expect(await socketClosed).toBe(1001);
    expect(await answered).toBe(401);
    expect(await exited).toBe(0);
  }, 120_000);
});
