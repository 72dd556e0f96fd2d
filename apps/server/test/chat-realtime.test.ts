// The chat's realtime guarantees through the real server: a subscriber of chat.onComments gets each message once,
// and one that reconnects with its last event id gets every message it missed, once, in order, then the live ones.
// (Across two server processes: two-processes.test.ts.)
import { streamStats } from "@taller/trpc";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => server?.close());

interface Tracked {
  id: string;
  data: { comment_id: number; kind: string };
}

/** Collects a subscription's events; `until(n)` resolves once n have arrived. */
function collector() {
  const got: Tracked[] = [];
  let waiting: { n: number; resolve: () => void } | null = null;
  return {
    got,
    push(e: Tracked) {
      got.push(e);
      if (waiting && got.length >= waiting.n) waiting.resolve();
    },
    until(n: number) {
      return got.length >= n ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { n, resolve }));
    },
  };
}

let keys = 0;
const key = () => `realtime-${++keys}-${Date.now()}`;

describe("chat.onComments over the WebSocket", () => {
  it("a subscriber that reconnects with its last event id receives every missed message once, in order", async () => {
    const writer = browser(server.url);
    await writer.client.auth.login.mutate({ email: "asesor@taller.demo", password: "demo1234" });
    const reader = browser(server.url);
    await reader.client.auth.login.mutate({ email: "admin@taller.demo", password: "demo1234" });
    const orderId = server.fx.demo.orderIds[0] ?? 0;
    const chat = await reader.client.chat.open.mutate({ document_type: "Order", document_id: orderId });
    await writer.client.chat.open.mutate({ document_type: "Order", document_id: orderId });

    const first = collector();
    const socket = reader.socket();
    const sub = socket.client.chat.onComments.subscribe(
      { chat_id: chat.id },
      { onData: (e) => first.push(e as Tracked) },
    );
    await new Promise((r) => setTimeout(r, 200));
    const m1 = await writer.client.chat.send.mutate({
      chat_id: chat.id,
      client_key: key(),
      comment: "antes del corte",
    });
    await first.until(1);
    expect(first.got.map((e) => e.data)).toEqual([{ comment_id: m1.id, kind: "new" }]);
    const lastEventId = first.got[0]?.id ?? null;

    // The connection is cut; messages keep coming meanwhile (one of them removed again).
    sub.unsubscribe();
    await socket.close();
    const missed = [];
    for (let i = 0; i < 5; i++)
      missed.push(
        await writer.client.chat.send.mutate({ chat_id: chat.id, client_key: key(), comment: `perdido ${i}` }),
      );
    await writer.client.chat.remove.mutate({ comment_id: missed[4]?.id ?? 0 });

    const second = collector();
    const again = reader.socket();
    again.client.chat.onComments.subscribe(
      { chat_id: chat.id, lastEventId },
      { onData: (e) => second.push(e as Tracked) },
    );
    await second.until(6);
    const live = await writer.client.chat.send.mutate({ chat_id: chat.id, client_key: key(), comment: "en vivo" });
    await second.until(7);
    await new Promise((r) => setTimeout(r, 300));
    expect(second.got.map((e) => e.data)).toEqual([
      ...missed.map((m) => ({ comment_id: m.id, kind: "new" })),
      { comment_id: missed[4]?.id, kind: "removed" },
      { comment_id: live.id, kind: "new" },
    ]);
    // Event ids only grow: the client can resume from any of them.
    const ids = second.got.map((e) => Number(e.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    await again.close();
  });

  it("refuses to subscribe to another company's chat", async () => {
    const other = browser(server.url);
    await other.client.auth.login.mutate({ email: "admin@otro.demo", password: "demo1234" });
    const socket = other.socket();
    const error = await new Promise<unknown>((resolve) => {
      socket.client.chat.onComments.subscribe(
        { chat_id: server.fx.demo.chatIds[0] ?? 0 },
        { onError: resolve, onData: () => resolve(null) },
      );
    });
    expect((error as { data?: { code?: string } }).data?.code).toBe("NOT_FOUND");
    await socket.close();
  });
});

describe("chat.onComments frames, written by the event bus's fan-out", () => {
  /** A bare WebSocket speaking tRPC's protocol, to see the frames byte for byte. */
  async function rawSocket(cookie: string) {
    const ws = new WebSocket(`${server.url.replace("http", "ws")}/trpc`, { headers: { cookie }, origin: server.url });
    const frames: string[] = [];
    ws.on("message", (raw: Buffer) => frames.push(raw.toString("utf8")));
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    const until = async (accept: (frame: string) => boolean) => {
      while (!frames.some(accept)) await new Promise((r) => setTimeout(r, 20));
      return frames.find(accept)!;
    };
    return { ws, frames, until };
  }

  it("each subscription of a batch gets its chat's events in tRPC's own frame, under its own id; closing the socket removes them", async () => {
    const reader = browser(server.url);
    await reader.client.auth.login.mutate({ email: "admin@taller.demo", password: "demo1234" });
    const [a, b] = await Promise.all(
      [server.fx.demo.orderIds[2] ?? 0, server.fx.demo.orderIds[3] ?? 0].map((id) =>
        reader.client.chat.open.mutate({ document_type: "Order", document_id: id }),
      ),
    );
    const before = streamStats(server.bus);
    const socket = await rawSocket(reader.cookie());
    // One message, two subscriptions (wsLink batches what is queued together): one id a number, one a string with
    // jsonrpc.
    socket.ws.send(
      JSON.stringify([
        { id: 1, method: "subscription", params: { path: "chat.onComments", input: { json: { chat_id: a!.id } } } },
        {
          id: "b",
          jsonrpc: "2.0",
          method: "subscription",
          params: { path: "chat.onComments", input: { json: { chat_id: b!.id } } },
        },
      ]),
    );
    await socket.until((f) => f === '{"id":1,"result":{"type":"started"}}');
    await socket.until((f) => f === '{"id":"b","jsonrpc":"2.0","result":{"type":"started"}}');
    // Both write their own frames: the adapter's per-event path is not taken.
    expect(streamStats(server.bus)).toMatchObject({ feeds: before.feeds + 2, direct: before.direct + 2 });

    const inA = await reader.client.chat.send.mutate({ chat_id: a!.id, client_key: key(), comment: "para A" });
    const inB = await reader.client.chat.send.mutate({ chat_id: b!.id, client_key: key(), comment: "para B" });
    const frameA = await socket.until((f) => f.startsWith('{"id":1,"result":{"type":"data"'));
    const frameB = await socket.until((f) => f.startsWith('{"id":"b","jsonrpc":"2.0","result":{"type":"data"'));
    const eventA = (JSON.parse(frameA) as { result: { id: string } }).result.id;
    const eventB = (JSON.parse(frameB) as { result: { id: string } }).result.id;
    // What tRPC's adapter writes for `tracked(id, data)` with the superjson transformer (its shortcut for plain JSON).
    expect(frameA).toBe(
      `{"id":1,"result":{"type":"data","data":{"json":{"id":"${eventA}","data":{"comment_id":${inA.id},"kind":"new"}}},"id":"${eventA}"}}`,
    );
    expect(frameB).toBe(
      `{"id":"b","jsonrpc":"2.0","result":{"type":"data","data":{"json":{"id":"${eventB}","data":{"comment_id":${inB.id},"kind":"new"}}},"id":"${eventB}"}}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(socket.frames.filter((f) => f.includes('"type":"data"'))).toEqual([frameA, frameB]);

    // Stopping one leaves the other; the adapter says 'stopped' as ever.
    socket.ws.send(JSON.stringify({ id: 1, method: "subscription.stop" }));
    await socket.until((f) => f === '{"id":1,"result":{"type":"stopped"}}');
    expect(streamStats(server.bus)).toMatchObject({ feeds: before.feeds + 1, direct: before.direct + 1 });
    await reader.client.chat.send.mutate({ chat_id: a!.id, client_key: key(), comment: "ya nadie escucha A" });
    const again = await reader.client.chat.send.mutate({ chat_id: b!.id, client_key: key(), comment: "B sigue" });
    await socket.until((f) => f.includes(`"comment_id":${again.id},`));
    expect(socket.frames.filter((f) => f.startsWith('{"id":1,"result":{"type":"data"'))).toEqual([frameA]);

    socket.ws.close();
    while (streamStats(server.bus).feeds > before.feeds) await new Promise((r) => setTimeout(r, 20));
    expect(streamStats(server.bus)).toEqual(before);
  });
});

interface UserMessage {
  id: string;
  data: { channel: string; chat_id: number | null; work_ids: number[] };
}

describe("chat.onUser over the WebSocket", () => {
  it("carries 'new-work' to the assignee alone, and resumes it after a reconnect", async () => {
    const admin = browser(server.url);
    await admin.client.auth.login.mutate({ email: "admin@taller.demo", password: "demo1234" });
    const asesor = browser(server.url);
    await asesor.client.auth.login.mutate({ email: "asesor@taller.demo", password: "demo1234" });
    const tecnico = browser(server.url);
    await tecnico.client.auth.login.mutate({ email: "tecnico@taller.demo", password: "demo1234" });
    const asesorId = server.fx.demo.userIds["asesor@taller.demo"] ?? 0;
    const orderId = server.fx.demo.orderIds[1] ?? 0;
    const required = await admin.client.workpoint.requiredWorks.query({ document_type: "Order", document_id: orderId });

    const mine = collector();
    const others: unknown[] = [];
    const socket = asesor.socket();
    const sub = socket.client.chat.onUser.subscribe(undefined, { onData: (e) => mine.push(e as unknown as Tracked) });
    const otherSocket = tecnico.socket();
    otherSocket.client.chat.onUser.subscribe(undefined, { onData: (e) => others.push(e) });
    await new Promise((r) => setTimeout(r, 200));

    const work = await admin.client.workpoint.request.mutate({
      document_type: "Order",
      document_id: orderId,
      work_id: required[0]?.id ?? 0,
      user_id: asesorId,
    });
    await mine.until(1);
    expect((mine.got[0] as unknown as UserMessage).data).toEqual({
      channel: "new-work",
      chat_id: null,
      work_ids: [work.id],
    });
    const lastEventId = mine.got[0]?.id ?? null;

    // Cut off while a second work is assigned: the reconnect with the last event id delivers it.
    sub.unsubscribe();
    await socket.close();
    const second = await admin.client.workpoint.request.mutate({
      document_type: "Order",
      document_id: orderId,
      work_id: required[1]?.id ?? 0,
      user_id: asesorId,
    });
    const resumed = collector();
    const again = asesor.socket();
    again.client.chat.onUser.subscribe({ lastEventId }, { onData: (e) => resumed.push(e as unknown as Tracked) });
    await resumed.until(1);
    expect((resumed.got[0] as unknown as UserMessage).data).toEqual({
      channel: "new-work",
      chat_id: null,
      work_ids: [second.id],
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(others).toEqual([]);
    await again.close();
    await otherSocket.close();
  });
});
