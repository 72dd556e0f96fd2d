// `pnpm bench:chat [--subscribers N] [--messages M] [--profile PREFIX]`: how fast a chat message reaches its
// subscribers.
//
// On a fresh PostgreSQL database (TEST_DATABASE_URL / DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres) with the demo, one process runs the real app (HTTP + WebSocket,
// PostgreSQL event bus with LISTEN/NOTIFY) and N (default 1,000) WebSocket clients, each subscribed to chat.onComments
// of one chat with the same logged-in session. M times (default 20) a message is posted through HTTP (chat.send) and
// the time until each subscriber has it is recorded. Beside it, the baseline: a bare `ws` server in the same process
// broadcasts the very bytes a subscriber received to N bare clients. Printed: p50 / p99 of the delivery latency and the
// deliveries per second of both, and the ratios. Targets (issue 10): p99 under 100 ms, at least half the baseline's
// throughput. The database is dropped. With `--profile PREFIX` the process (server and clients: one thread) is
// CPU-profiled during each case's timed messages: PREFIX.trpc.cpuprofile and PREFIX.bare.cpuprofile, with their
// .heapprofile (bench/profile.ts).
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { BENCH_SERVER_URL, createDatabase, migrateDatabase } from "@taller/db";
import { DEMO_PASSWORD, seedDemo } from "@taller/db/seed";
import { busReady, createEventBus } from "@taller/trpc";
import postgres from "postgres";
import WebSocket, { WebSocketServer } from "ws";
import { createApp } from "../src/app";
import { createDiskFileStore } from "../src/files/store";
import { createLogger } from "../src/logger";
import { profiled } from "./profile";

const { values: args } = parseArgs({
  options: {
    subscribers: { type: "string", default: "1000" },
    messages: { type: "string", default: "20" },
    profile: { type: "string" },
  },
});
const SUBSCRIBERS = Number(args.subscribers);
const MESSAGES = Number(args.messages);
const TARGET_P99_MS = 100;

const serverUrl = BENCH_SERVER_URL;
const dbName = `taller_bench_chat_${process.pid}_${randomBytes(3).toString("hex")}`;
const benchUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
const log = (message: string) => console.log(`[bench] ${message}`);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface Round {
  latencies: number[];
  /** From the send to the last delivery. */
  spanMs: number;
}

/**
 * Opens `n` sockets with `open`, waiting for each batch of 100 to connect (a burst of 1,000 handshakes at once is not
 * what is measured).
 */
async function openAll(n: number, open: () => WebSocket): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < n; i += 100) {
    const batch = Array.from({ length: Math.min(100, n - i) }, open);
    await Promise.all(
      batch.map((ws) => new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject))),
    );
    sockets.push(...batch);
  }
  return sockets;
}

/** Resolves with each socket's arrival time of the next message `accept` recognises. */
function arrivals(sockets: WebSocket[], accept: (data: string) => boolean): Promise<number[]> {
  return Promise.all(
    sockets.map(
      (ws) =>
        new Promise<number>((resolve) => {
          // Text frames: ws hands them over as one Buffer.
          const onMessage = (raw: Buffer) => {
            if (!accept(raw.toString("utf8"))) return;
            ws.off("message", onMessage);
            resolve(performance.now());
          };
          ws.on("message", onMessage);
        }),
    ),
  );
}

function summary(name: string, rounds: Round[]) {
  const all = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const deliveries = rounds.reduce((n, r) => n + r.latencies.length, 0);
  const spent = rounds.reduce((n, r) => n + r.spanMs, 0);
  // Where a round's time went: until the first subscriber had it (for chat.onComments: the HTTP request, the
  // transaction and the NOTIFY), then from the first to the last subscriber (the fan-out and the clients' reading).
  const first = rounds.map((r) => Math.min(...r.latencies)).sort((a, b) => a - b);
  const fanOut = rounds.map((r) => r.spanMs - Math.min(...r.latencies)).sort((a, b) => a - b);
  return {
    name,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    perSecond: (deliveries / spent) * 1000,
    first: percentile(first, 50),
    fanOut: percentile(fanOut, 50),
  };
}

await admin.unsafe(`CREATE DATABASE "${dbName}"`);
try {
  const database = await createDatabase({ url: benchUrl, max: 10 });
  await migrateDatabase(database);
  const fx = await seedDemo(database.db);
  const bus = createEventBus(database);
  await busReady(bus);
  const app = createApp({
    database,
    bus,
    logger: createLogger("silent"),
    webDist: "/nonexistent",
    trustProxy: 0,
    version: "bench",
    files: createDiskFileStore(await mkdtemp(join(tmpdir(), "taller-bench-"))),
  });
  const port = await app.listen(0, "127.0.0.1");
  const base = `http://127.0.0.1:${port}`;
  const headers = { "content-type": "application/json", "x-trpc-source": "bench" };
  const login = await fetch(`${base}/trpc/auth.login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ json: { email: "admin@taller.demo", password: DEMO_PASSWORD } }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const chatId = fx.demo.chatIds[0];
  if (!chatId) throw new Error("the demo has no chat");

  // N subscribers of the chat, speaking tRPC's WebSocket protocol (superjson: inputs and data under `json`).
  const subscribers = await openAll(
    SUBSCRIBERS,
    () => new WebSocket(`ws://127.0.0.1:${port}/trpc`, { headers: { cookie }, origin: base }),
  );
  const started = arrivals(subscribers, (d) => d.includes('"type":"started"'));
  subscribers.forEach((ws, i) =>
    ws.send(
      JSON.stringify({
        id: i + 1,
        method: "subscription",
        params: { path: "chat.onComments", input: { json: { chat_id: chatId } } },
      }),
    ),
  );
  await started;
  log(`${SUBSCRIBERS} subscribers of chat ${chatId}`);

  let sample = "";
  const trpcRounds: Round[] = [];
  /** How long chat.send's HTTP answer took (the transaction: part of every delivery's latency). */
  const sendMs: number[] = [];
  await profiled(args.profile, "trpc", async () => {
    for (let m = 0; m < MESSAGES; m++) {
      const delivered = arrivals(subscribers, (d) => {
        if (!d.includes('"type":"data"')) return false;
        sample = d;
        return true;
      });
      const t0 = performance.now();
      const res = await fetch(`${base}/trpc/chat.send`, {
        method: "POST",
        headers: { ...headers, cookie },
        body: JSON.stringify({
          json: { chat_id: chatId, client_key: `bench-${process.pid}-${m}`, comment: `mensaje ${m}` },
        }),
      });
      if (res.status !== 200) throw new Error(`chat.send answered ${res.status}: ${await res.text()}`);
      sendMs.push(performance.now() - t0);
      const times = await delivered;
      trpcRounds.push({ latencies: times.map((t) => t - t0), spanMs: Math.max(...times) - t0 });
    }
  });
  for (const ws of subscribers) ws.terminate();

  // The baseline: the same bytes, broadcast by a bare ws server of this process to N bare clients.
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((resolve) => wss.once("listening", resolve));
  const barePort = (wss.address() as AddressInfo).port;
  const bare = await openAll(SUBSCRIBERS, () => new WebSocket(`ws://127.0.0.1:${barePort}`));
  const bareRounds: Round[] = [];
  await profiled(args.profile, "bare", async () => {
    for (let m = 0; m < MESSAGES; m++) {
      const delivered = arrivals(bare, () => true);
      const t0 = performance.now();
      for (const client of wss.clients) client.send(sample);
      const times = await delivered;
      bareRounds.push({ latencies: times.map((t) => t - t0), spanMs: Math.max(...times) - t0 });
    }
  });
  for (const ws of bare) ws.terminate();
  wss.close();

  const trpc = summary("chat.onComments", trpcRounds);
  const baseline = summary("bare ws broadcast", bareRounds);
  console.log(
    `\n${SUBSCRIBERS} subscribers, ${MESSAGES} messages, ${sample.length} bytes each (ms; deliveries per second)\n`,
  );
  console.log(
    "| case | p50 | p99 | deliveries/s | first delivery, p50 of rounds | first to last, p50 of rounds |\n|---|---|---|---|---|---|",
  );
  for (const r of [trpc, baseline]) {
    console.log(
      `| ${r.name} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${Math.round(r.perSecond)} | ${r.first.toFixed(2)} | ${r.fanOut.toFixed(2)} |`,
    );
  }
  const sends = [...sendMs].sort((a, b) => a - b);
  console.log(
    `\nchat.send's HTTP answer (inside every chat.onComments latency): p50 ${percentile(sends, 50).toFixed(2)} ms, p99 ${percentile(sends, 99).toFixed(2)} ms`,
  );
  const ratio = trpc.perSecond / baseline.perSecond;
  console.log(
    `\np99 ${trpc.p99.toFixed(1)} ms (target < ${TARGET_P99_MS}): ${trpc.p99 < TARGET_P99_MS ? "ok" : "MISSED"}`,
  );
  console.log(
    `throughput ${(ratio * 100).toFixed(0)}% of the baseline (target >= 50%): ${ratio >= 0.5 ? "ok" : "MISSED"}`,
  );
  await app.close();
  await bus.close();
  await database.close();
} finally {
  await admin.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
}
