// `pnpm start` (README 'Quick start'): builds what is not built yet and starts the server with the demo settings.
// The server is started as soon as its own bundle is there, while the web app is still being built: it opens the
// database (a first start creates, migrates and seeds it) at the same time, and it is not ready, /healthz included,
// until the web build is done: with WEB_BUILD=pending it asks over the IPC channel ("waiting-for-web") once it has
// nothing else to do, and this script answers "web-built" when the build is there (a message sent before the server
// listens would be lost).
// Progress: one line per finished step ("[start] 12.3 s  web app built"), and on a terminal a status line below
// them, rewritten in place. `pnpm bench:start` reads the same lines.
/* global process, performance, console, setInterval, clearInterval -- a Node script, outside the typed sources */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
// The server's node options, as its production start (apps/server/package.json "start") passes them.
const nodeOptions = JSON.parse(readFileSync(resolve(root, "apps/server/node-options.json"), "utf8"));
const turbo = resolve(root, "node_modules/.bin/turbo");
const live = process.stdout.isTTY === true;
const seconds = () => (performance.now() / 1000).toFixed(1);

const running = { server: "building", web: "building" };
let statusShown = false;
function clearStatus() {
  if (statusShown) process.stdout.write("\r\x1b[K");
  statusShown = false;
}
function showStatus() {
  if (!live || running.server === "ready") return;
  clearStatus();
  process.stdout.write(`  ${seconds()} s · server: ${running.server} · web app: ${running.web}`);
  statusShown = true;
}
/** A finished step, on a line of its own. */
function step(what) {
  clearStatus();
  process.stdout.write(`[start] ${seconds()} s  ${what}\n`);
  showStatus();
}
const ticker = live ? setInterval(showStatus, 250) : null;

/** `turbo run build` for one package; its output is shown only when it fails (turbo replays it when cached). */
function build(filter) {
  return new Promise((resolveBuild, reject) => {
    const child = spawn(turbo, ["run", "build", `--filter=${filter}`, "--output-logs=errors-only"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.add(child);
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code, signal) => {
      children.delete(child);
      if (code === 0) resolveBuild();
      else reject(new Error(`${filter} build failed (${signal ?? code}):\n${output}`));
    });
  });
}

const children = new Set();
let server = null;
let webBuilt = false;
let serverWaits = false;

function startServer() {
  server = spawn(process.execPath, [...nodeOptions, "--env-file=apps/server/demo.env", "apps/server/dist/index.js"], {
    cwd: root,
    // eslint-disable-next-line no-restricted-properties -- passed on as it is: the server validates it (env.ts)
    env: { ...process.env, WEB_BUILD: webBuilt ? "done" : "pending" },
    stdio: ["inherit", "pipe", "inherit", "ipc"],
  });
  server.on("message", (message) => {
    if (message !== "waiting-for-web") return;
    serverWaits = true;
    if (webBuilt) server.send("web-built");
  });
  let pending = "";
  server.stdout.on("data", (chunk) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop();
    for (const line of lines) serverLine(line);
  });
  server.once("exit", (code, signal) => {
    clearStatus();
    if (ticker) clearInterval(ticker);
    for (const child of children) child.kill("SIGTERM");
    process.exit(code ?? (signal ? 1 : 0));
  });
}

/** The server's JSON log lines: its start phases become progress, everything else is shown as it is. */
function serverLine(line) {
  let entry = null;
  try {
    entry = JSON.parse(line);
  } catch {
    // not a log entry: shown below
  }
  if (entry?.startup === "ready") {
    running.server = "ready";
    const cpu = entry.cpu ?? {};
    const phases = Object.entries(entry.phases ?? {})
      .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s (CPU ${((cpu[name] ?? 0) / 1000).toFixed(1)} s)`)
      .join(", ");
    step(`server ready (database: ${entry.database}): ${phases}`);
    if (ticker) clearInterval(ticker);
    return;
  }
  if (typeof entry?.startup === "string") {
    running.server = entry.startup;
    step(`server: ${entry.startup}`);
    return;
  }
  clearStatus();
  process.stdout.write(`${line}\n`);
  showStatus();
}

function stop(signal) {
  for (const child of children) child.kill("SIGTERM");
  // The server stops gracefully on its own signal (a terminal's Ctrl-C reaches it too) and this script exits with it.
  if (server) server.kill(signal);
  else process.exit(1);
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));

function fail(err) {
  clearStatus();
  console.error(err instanceof Error ? err.message : err);
  stop("SIGTERM");
  process.exitCode = 1;
}

showStatus();
const web = build("@taller/web").then(() => {
  webBuilt = true;
  running.web = "built";
  step("web app built");
  if (serverWaits) server.send("web-built");
}, fail);
build("@taller/server").then(() => {
  running.server = "starting";
  step("server built");
  startServer();
}, fail);
await web;
