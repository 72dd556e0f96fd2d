// The event bus's fan-out without a database: who receives an event, in which order, how often, and that a
// subscription that ends leaves nothing behind; and the frames a feed writes to its socket itself.
import { chatTopic } from "@taller/core";
import { tracked, transformTRPCResponse } from "@trpc/server";
import { describe, expect, it } from "vitest";
import type { SubscriptionSocket } from "../src/context";
import type { BusEvent } from "../src/events";
import { Fanout, Feed } from "../src/fanout";
import { transformer } from "../src/transformer";

let nextId = 0;
const comment = (companyId: number, chatId: number, commentId: number): BusEvent => ({
  id: ++nextId,
  companyId,
  type: "chat.comment",
  payload: { chatId, commentId, kind: "new" },
});
const userUpdated = (companyId: number): BusEvent => ({
  id: ++nextId,
  companyId,
  type: "user.updated",
  payload: { id: 1 },
});
const version = (): BusEvent => ({ id: ++nextId, companyId: null, type: "version.ready", payload: { version: "2" } });

const asIs = (event: BusEvent) => event;

/** A feed added to `fanout`, as the bus makes them: ending it removes it. */
function join<T>(
  fanout: Fanout,
  audience: Parameters<Fanout["add"]>[0],
  map: (e: BusEvent) => T | null = asIs as never,
  socket?: SubscriptionSocket,
) {
  let leave = () => {};
  const feed = new Feed<T>(map, () => leave(), socket ?? null);
  leave = fanout.add(audience, feed as Feed<unknown>);
  return feed;
}

/** What the feed has queued, without waiting for more. */
async function drain<T>(feed: Feed<T>, n: number): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push((await feed.next()).value as T);
  return out;
}

/** A socket as apps/server's: it hands out the head of the 'started' frame once. */
function fakeSocket(head: string | null) {
  const sent: string[] = [];
  let startedHead = head;
  const socket = {
    readyState: 1,
    send: (data: string) => void sent.push(data),
    takeStartedHead: () => {
      const h = startedHead;
      startedHead = null;
      return h;
    },
  };
  return { socket, sent };
}

describe("fan-out", () => {
  it("delivers each event once per subscriber of its chat, in order, and never to another company's or chat's", async () => {
    const fanout = new Fanout();
    const chat1 = [
      join(fanout, { companyId: 1, topic: chatTopic(10) }),
      join(fanout, { companyId: 1, topic: chatTopic(10) }),
    ];
    const otherChat = join(fanout, { companyId: 1, topic: chatTopic(11) });
    // Another company's chat with the same id: the company is part of the topic's key.
    const otherCompany = join(fanout, { companyId: 2, topic: chatTopic(10) });
    const company1 = join(fanout, { companyId: 1 });

    const events = [
      comment(1, 10, 1),
      comment(2, 10, 2),
      comment(1, 11, 3),
      userUpdated(1),
      comment(1, 10, 4),
      version(),
    ];
    for (const e of events) fanout.deliver(e);

    for (const feed of chat1) expect(await drain(feed, 2)).toEqual([events[0], events[4]]);
    expect(await drain(otherChat, 1)).toEqual([events[2]]);
    expect(await drain(otherCompany, 1)).toEqual([events[1]]);
    // A company's whole stream: its own events and the platform-wide one, none of company 2's.
    expect(await drain(company1, 5)).toEqual([events[0], events[2], events[3], events[4], events[5]]);
    // Nothing else is queued anywhere: one more event comes out first.
    const probe = comment(1, 10, 5);
    fanout.deliver(probe);
    for (const feed of chat1) expect((await feed.next()).value).toBe(probe);
    const more = comment(1, 11, 6);
    fanout.deliver(more);
    expect((await otherChat.next()).value).toBe(more);
  });

  it("a reader waiting for the next event gets it when it is delivered", async () => {
    const fanout = new Fanout();
    const feed = join(fanout, { companyId: 1, topic: chatTopic(10) });
    const waiting = feed.next();
    const e = comment(1, 10, 1);
    fanout.deliver(e);
    expect(await waiting).toEqual({ value: e, done: false });
  });

  it("ending a feed (stop, return, failure) removes it; 1,000 subscribe/unsubscribe cycles leave no feed and no key", async () => {
    const fanout = new Fanout();
    for (let i = 0; i < 1000; i++) {
      const feed = join(fanout, i % 2 ? { companyId: i % 7, topic: chatTopic(i % 13) } : { companyId: i % 7 });
      if (i % 3 === 0) feed.end();
      else if (i % 3 === 1) await feed.return();
      else feed.fail(new Error("backlog failed"));
    }
    expect(fanout.stats()).toEqual({ feeds: 0, direct: 0, keys: 0 });

    const kept = join(fanout, { companyId: 1, topic: chatTopic(10) });
    const left = join(fanout, { companyId: 1, topic: chatTopic(10) });
    const waiting = left.next();
    left.end();
    expect(await waiting).toEqual({ value: undefined, done: true });
    fanout.deliver(comment(1, 10, 1));
    expect(fanout.stats()).toEqual({ feeds: 1, direct: 0, keys: 1 });
    expect((await kept.next()).done).toBe(false);
    expect(await left.next()).toEqual({ value: undefined, done: true });
  });

  it("a failed feed's reader gets the error", async () => {
    const feed = join(new Fanout(), { companyId: 1 });
    const waiting = feed.next();
    feed.fail(new Error("backlog failed"));
    await expect(waiting).rejects.toThrow("backlog failed");
  });

  it("a resumed feed gives the backlog first, then the live events that waited, each event once", async () => {
    const fanout = new Fanout();
    const feed = join(fanout, { companyId: 1, topic: chatTopic(10) });
    feed.hold();
    const [a, b, c] = [comment(1, 10, 1), comment(1, 10, 2), comment(1, 10, 3)];
    // b was committed before the backlog was read and is delivered live too; c is only live.
    fanout.deliver(b);
    fanout.deliver(c);
    feed.replay([a, b]);
    // A late live copy of a (another process's NOTIFY) is dropped as well.
    fanout.deliver(a);
    const d = comment(1, 10, 4);
    fanout.deliver(d);
    expect(await drain(feed, 4)).toEqual([a, b, c, d]);
  });
});

describe("a feed that writes its frames", () => {
  const toItem = (event: BusEvent) =>
    event.type === "chat.comment"
      ? tracked(String(event.id), { comment_id: event.payload.commentId, kind: event.payload.kind })
      : null;

  /** The frame tRPC's WebSocket adapter writes for a subscription's yielded value (ws.ts: respond, jsonEncoder). */
  function adapterFrame(id: number, value: ReturnType<typeof toItem>) {
    const [eventId, data] = value!;
    const result = { type: "data" as const, data: { id: eventId, data }, id: eventId };
    return JSON.stringify(
      transformTRPCResponse({ transformer: { input: transformer, output: transformer } } as never, {
        id,
        jsonrpc: undefined,
        result,
      }),
    );
  }

  it("writes the adapter's very frame, once the adapter asked for the first event, built once per event for every feed", async () => {
    const fanout = new Fanout();
    let mapped = 0;
    const counting = (event: BusEvent) => (mapped++, toItem(event));
    const sockets = Array.from({ length: 1000 }, (_, i) => fakeSocket(`{"id":${i + 1}`));
    const feeds = sockets.map(({ socket }) => join(fanout, { companyId: 1, topic: chatTopic(10) }, counting, socket));
    // Before the adapter asks (before 'started'), an event waits in the queue and goes through the adapter.
    const early = comment(1, 10, 1);
    fanout.deliver(early);
    for (const feed of feeds) expect((await feed.next()).value).toEqual(toItem(early));
    const pending = feeds.map((feed) => feed.next());
    expect(fanout.stats()).toEqual({ feeds: 1000, direct: 1000, keys: 1 });

    mapped = 0;
    const [e1, e2] = [comment(1, 10, 2), comment(1, 10, 3)];
    fanout.deliver(e1);
    fanout.deliver(e2);
    expect(mapped).toBe(2);
    sockets.forEach(({ sent }, i) =>
      expect(sent).toEqual([adapterFrame(i + 1, toItem(e1)), adapterFrame(i + 1, toItem(e2))]),
    );

    // The adapter's read ends with the feed (a stop, or the socket closing), and then it says 'stopped'.
    feeds[0]!.end();
    expect(await pending[0]).toEqual({ value: undefined, done: true });
    expect(fanout.stats()).toEqual({ feeds: 999, direct: 999, keys: 1 });
  });

  it("writes nothing to a closing socket, and stays a plain iterator without a 'started' head", async () => {
    const fanout = new Fanout();
    const closing = fakeSocket('{"id":1');
    const closed = join(fanout, { companyId: 1, topic: chatTopic(10) }, toItem, closing.socket);
    void closed.next();
    closing.socket.readyState = 3;
    const headless = fakeSocket(null);
    const plain = join(fanout, { companyId: 1, topic: chatTopic(10) }, toItem, headless.socket);
    const waiting = plain.next();
    const e = comment(1, 10, 1);
    fanout.deliver(e);
    expect(closing.sent).toEqual([]);
    expect(headless.sent).toEqual([]);
    expect((await waiting).value).toEqual(toItem(e));
  });
});
