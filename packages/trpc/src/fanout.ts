// How the event bus hands a live event to its subscribers: routed once by company and topic to the subscriptions
// that may see it, each of which queues it for its own reader. Pure: no database, tested on its own (fanout.test.ts).
import { eventTopic, type EventTopic } from "@taller/core";
import type { BusEvent } from "./events";
import type { SubscriptionSocket } from "./context";
import { dataFrameTail } from "./trpc";

const OPEN = 1;

/**
 * One subscription's events, in the order they were offered, as an async iterator a tRPC subscription returns
 * directly: each event costs its reader one settled promise (no generator in between, no race per event).
 * While the backlog of a resumed subscription loads, live events wait; afterwards, the live copy of an event the
 * backlog already gave is dropped, so each event is read once.
 *
 * Given the subscription's socket: tRPC's adapter sends 'started', then asks for the first event in the same turn,
 * and the feed takes the head of that frame (the subscription's id) from the socket. Once the queue is drained
 * through the adapter, the feed writes each further event to the socket itself, in the frame the adapter would
 * write: its end built once per event for all the feeds that share `map` (`dataFrameTail`). The adapter still owns
 * the request: its read stays pending until the feed ends (stop, socket closed), then it says 'stopped'. Without
 * a head (another caller), the feed stays a plain iterator.
 */
export class Feed<T> implements AsyncIterableIterator<T> {
  private queue: T[] = [];
  private reader: { resolve: (r: IteratorResult<T>) => void; reject: (err: unknown) => void } | null = null;
  private ended = false;
  private failure: { error: unknown } | null = null;
  /** Live events that arrived while the backlog was read. */
  private held: BusEvent[] | null = null;
  /**
   * Ids the backlog gave: their live copies are dropped (two publishing processes can deliver ids out of order, so "id
   * <= last" would not do).
   */
  private replayed: Set<number> | null = null;
  /** The subscription's frames start with this (from its 'started' frame); null: the reader writes them. */
  private head: string | null = null;
  private asked = false;
  /** Writing frames itself. */
  private direct = false;

  /** `map` turns an event into what the reader gets, or null to skip it; `onEnd` runs once, when the feed ends. */
  constructor(
    private readonly map: (event: BusEvent) => T | null,
    private readonly onEnd: () => void,
    private readonly socket: SubscriptionSocket | null = null,
  ) {}

  /** A live event (from the fan-out). */
  offer(event: BusEvent): void {
    if (this.ended) return;
    if (this.held) {
      this.held.push(event);
      return;
    }
    if (this.replayed?.delete(event.id)) return;
    this.accept(event);
  }

  /** From now on live events wait for `replay`. */
  hold(): void {
    this.held ??= [];
  }

  /** The events missed before subscribing (oldest first), then the live ones that waited meanwhile. */
  replay(backlog: BusEvent[]): void {
    const held = this.held ?? [];
    this.held = null;
    if (this.ended) return;
    if (backlog.length) this.replayed = new Set();
    for (const event of backlog) {
      this.replayed?.add(event.id);
      this.accept(event);
    }
    for (const event of held) this.offer(event);
  }

  /** Ends the feed with an error: the reader's next read rejects with it. */
  fail(error: unknown): void {
    if (this.ended) return;
    this.failure = { error };
    const reader = this.reader;
    this.reader = null;
    this.end();
    reader?.reject(error);
  }

  /** Stops it: the subscriber leaves the fan-out, what was queued is dropped, a waiting read finishes. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.queue = [];
    this.held = null;
    this.onEnd();
    const reader = this.reader;
    this.reader = null;
    reader?.resolve({ value: undefined, done: true });
  }

  next(): Promise<IteratorResult<T>> {
    if (!this.asked) {
      this.asked = true;
      this.head = this.socket?.takeStartedHead() ?? null;
    }
    if (this.queue.length) return Promise.resolve({ value: this.queue.shift() as T, done: false });
    if (this.failure) {
      const { error } = this.failure;
      this.failure = null;
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    if (this.head !== null) this.direct = true;
    return new Promise((resolve, reject) => (this.reader = { resolve, reject }));
  }

  return(): Promise<IteratorResult<T>> {
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  /** True once the feed writes its frames to the socket itself. */
  get writesFrames(): boolean {
    return this.direct;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private accept(event: BusEvent): void {
    if (this.direct) {
      const tail = frameTailOf(event, this.map);
      // A closing socket takes nothing more, as in the adapter.
      if (tail !== null && this.socket?.readyState === OPEN) this.socket.send(`${this.head}${tail}`);
      return;
    }
    const value = this.map(event);
    if (value === null) return;
    const reader = this.reader;
    if (reader) {
      this.reader = null;
      reader.resolve({ value, done: false });
    } else {
      this.queue.push(value);
    }
  }
}

/** The last event framed per `map`: the fan-out offers one event to all its feeds in a row, so one slot is enough. */
const lastFrames = new WeakMap<(event: BusEvent) => unknown, { event: BusEvent; tail: string | null }>();

function frameTailOf(event: BusEvent, map: (event: BusEvent) => unknown): string | null {
  const last = lastFrames.get(map);
  if (last?.event === event) return last.tail;
  const value = map(event);
  const tail = value === null ? null : dataFrameTail(value);
  lastFrames.set(map, { event, tail });
  return tail;
}

/** Who receives what: a company's whole stream, or one topic of it. */
export interface Audience {
  /** null: platform-wide events only. */
  companyId: number | null;
  topic?: EventTopic;
}

/**
 * The subscriptions of one process, indexed by what they may see: a company's feeds get its events and the
 * platform-wide ones; a topic's feeds get that topic's events of their own company, and nothing else. Delivering
 * an event is a map lookup and one `offer` per feed that sees it, never a filter run by every subscriber.
 */
export class Fanout {
  private readonly companies = new Map<number | null, Set<Feed<unknown>>>();
  private readonly topics = new Map<string, Set<Feed<unknown>>>();

  /** Adds `feed`; the returned function removes it. */
  add(audience: Audience, feed: Feed<unknown>): () => void {
    const [index, key] = audience.topic
      ? [this.topics, topicKey(audience.companyId, audience.topic)]
      : [this.companies, audience.companyId];
    const map = index as Map<typeof key, Set<Feed<unknown>>>;
    let feeds = map.get(key);
    if (!feeds) map.set(key, (feeds = new Set()));
    feeds.add(feed);
    return () => {
      feeds.delete(feed);
      if (feeds.size === 0 && map.get(key) === feeds) map.delete(key);
    };
  }

  deliver(event: BusEvent): void {
    if (event.companyId === null) {
      // Platform-wide (a new version, ended sessions): every company's stream sees it; topics are company events.
      for (const feeds of this.companies.values()) offerAll(feeds, event);
      return;
    }
    offerAll(this.companies.get(event.companyId), event);
    const topic = eventTopic(event);
    if (topic) offerAll(this.topics.get(topicKey(event.companyId, topic)), event);
  }

  /** How many feeds are registered, how many of them write their frames themselves, under how many keys (tests). */
  stats(): { feeds: number; direct: number; keys: number } {
    let feeds = 0;
    let direct = 0;
    for (const set of [...this.companies.values(), ...this.topics.values()]) {
      feeds += set.size;
      for (const feed of set) if (feed.writesFrames) direct++;
    }
    return { feeds, direct, keys: this.companies.size + this.topics.size };
  }
}

// A company id is part of every topic's key: a topic never reaches another company's subscriber.
const topicKey = (companyId: number | null, topic: EventTopic) => `${companyId}/${topic}`;

function offerAll(feeds: Set<Feed<unknown>> | undefined, event: BusEvent) {
  if (feeds) for (const feed of feeds) feed.offer(event);
}
