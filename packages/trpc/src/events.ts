import { EventEmitter } from "node:events";
import { eventTopic, parseRealtimeEvent, present, type RealtimeEvent } from "@taller/core";
import type { Database, Db, PgPubSub } from "@taller/db";
import { queryRows, realtimeEvents } from "@taller/db";
import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { SubscriptionSocket } from "./context";
import { Fanout, Feed, type Audience } from "./fanout";

/** A realtime event as subscribers receive it: typed in @taller/core, with the id of its outbox row. */
export type BusEvent = RealtimeEvent & { id: number };

export interface EventBus {
  /**
   * Writes one event to the outbox in a transaction of its own and delivers it after COMMIT. For events that
   * announce a write, emit them through `withTransaction` instead, so they commit (or roll back) with the write.
   */
  publish(event: RealtimeEvent): Promise<BusEvent>;
  /** Live events of this process's delivery stream (all companies). */
  subscribe(listener: (event: BusEvent) => void): () => void;
  /**
   * Events for one company (and platform-wide ones), or with `topic` only that topic's events of the company, after
   * `lastEventId`, then live ones, with no gap and no duplicate: the resumable stream behind every subscription.
   * With `map`, each event arrives as what `map` makes of it (null skips it), so a subscription can return the
   * stream itself. It ends when `signal` aborts or its reader stops.
   */
  stream(opts: StreamOptions): AsyncIterableIterator<BusEvent>;
  stream<T>(opts: StreamOptions & { map: (event: BusEvent) => T | null }): AsyncIterableIterator<T>;
  /**
   * A stream for a subscription procedure to return as is, given its context's `socket`. Over the WebSocket, once
   * tRPC's adapter has started the subscription, its events are written to the socket in the adapter's own frame,
   * each event's frame built once for every subscriber that shares `map` (a function defined once, not per call):
   * nothing per subscriber but the write. Without a socket (a server-side caller) it is the plain stream.
   */
  subscription<T>(
    opts: StreamOptions & { map: (event: BusEvent) => T | null; socket?: SubscriptionSocket },
  ): AsyncIterableIterator<T>;
  close(): Promise<void>;
}

export interface StreamOptions extends Audience {
  lastEventId?: number | null;
  signal?: AbortSignal;
}

/** An event written to the outbox inside a transaction, and what delivers it once that transaction commits. */
export interface StagedEvent {
  event: BusEvent;
  /** null when the database itself delivers at COMMIT (NOTIFY issued inside the transaction). */
  deliver: (() => void) | null;
}

const CHANNEL = "realtime_events";
// NOTIFY payloads must stay under 8000 bytes; events carry ids so this is generous.
const MAX_PAYLOAD_BYTES = 7000;

export function createEventBus(database: Database): EventBus {
  return database.pubsub ? new PgNotifyBus(database.db, database.pubsub) : new InProcessBus(database.db);
}

/**
 * Writes `event` to the outbox (realtime_events) through `tx`, a transaction the caller commits; see withTransaction.
 * Nothing is delivered before that COMMIT, and nothing at all if the transaction rolls back.
 */
export function stageEvent(bus: EventBus, tx: Db, event: RealtimeEvent): Promise<StagedEvent> {
  if (!(bus instanceof BaseBus)) throw new Error("stageEvent needs a bus made by createEventBus");
  return bus.stage(tx, event);
}

abstract class BaseBus implements EventBus {
  protected readonly emitter = new EventEmitter();
  /** The streams of this process, by company and topic. */
  private readonly fanout = new Fanout();
  constructor(protected readonly db: Db) {
    this.emitter.setMaxListeners(0);
  }

  async publish(event: RealtimeEvent): Promise<BusEvent> {
    const staged = await this.db.transaction((tx) => this.stage(tx as unknown as Db, event));
    staged.deliver?.();
    return staged.event;
  }

  async stage(tx: Db, event: RealtimeEvent): Promise<StagedEvent> {
    const checked = parseRealtimeEvent(event);
    const json = JSON.stringify(checked.payload);
    if (Buffer.byteLength(json) > MAX_PAYLOAD_BYTES) {
      throw new Error(`Event ${checked.type} payload too large: events carry ids, not rows`);
    }
    return this.write(tx, checked);
  }

  /** Writes the checked event to the outbox and arranges its delivery after COMMIT. */
  protected abstract write(tx: Db, event: RealtimeEvent): Promise<StagedEvent>;

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.emitter.on("event", listener);
    return () => this.emitter.off("event", listener);
  }

  /** A live event of this process's delivery stream: to the `subscribe` listeners, and routed to the streams. */
  protected deliver(event: BusEvent): void {
    this.emitter.emit("event", event);
    this.fanout.deliver(event);
  }

  stream<T>(opts: StreamOptions & { map?: (event: BusEvent) => T | null }): AsyncIterableIterator<T> {
    return this.open(opts, opts.map ?? ((event: BusEvent) => event as T), null);
  }

  subscription<T>(
    opts: StreamOptions & { map: (event: BusEvent) => T | null; socket?: SubscriptionSocket },
  ): AsyncIterableIterator<T> {
    return this.open(opts, opts.map, opts.socket ?? null);
  }

  private open<T>(opts: StreamOptions, map: (event: BusEvent) => T | null, socket: SubscriptionSocket | null): Feed<T> {
    const { signal, lastEventId = null } = opts;
    const onAbort = () => feed.end();
    const feed: Feed<T> = new Feed(
      map,
      () => {
        leave();
        signal?.removeEventListener("abort", onAbort);
      },
      socket,
    );
    // Joined before the backlog is read so nothing published in between is lost (the feed drops the duplicates).
    const leave = this.fanout.add(opts, feed as Feed<unknown>);
    if (signal?.aborted) feed.end();
    else signal?.addEventListener("abort", onAbort, { once: true });
    if (lastEventId !== null) {
      feed.hold();
      this.backlog(opts, lastEventId).then(
        (events) => feed.replay(events),
        (error: unknown) => feed.fail(error),
      );
    }
    return feed;
  }

  /** The outbox's events after `lastEventId` that `audience` sees, oldest first (at most 1,000: the resume window). */
  private async backlog(audience: Audience, lastEventId: number): Promise<BusEvent[]> {
    const { companyId, topic } = audience;
    // A topic's events are its company's; a company's stream also sees the platform-wide ones.
    const companyFilter =
      companyId === null
        ? isNull(realtimeEvents.companyId)
        : topic
          ? eq(realtimeEvents.companyId, companyId)
          : or(isNull(realtimeEvents.companyId), eq(realtimeEvents.companyId, companyId));
    const rows = await this.db
      .select()
      .from(realtimeEvents)
      .where(and(gt(realtimeEvents.id, lastEventId), companyFilter))
      .orderBy(asc(realtimeEvents.id))
      .limit(1000);
    const events = rows.map(
      (row) => ({ id: row.id, companyId: row.companyId, type: row.type, payload: row.payload }) as BusEvent,
    );
    return topic ? events.filter((event) => eventTopic(event) === topic) : events;
  }

  stats() {
    return this.fanout.stats();
  }

  /** Drops events older than the resume window; called periodically by the server. */
  async prune(olderThanHours = 24): Promise<void> {
    await this.db
      .delete(realtimeEvents)
      .where(lt(realtimeEvents.createdAt, sql`now() - make_interval(hours => ${olderThanHours})`));
  }

  close(): Promise<void> {
    this.emitter.removeAllListeners();
    return Promise.resolve();
  }
}

/** One server process (PGlite): delivery is a local emit, run by the publisher after its COMMIT. */
class InProcessBus extends BaseBus {
  protected async write(tx: Db, event: RealtimeEvent): Promise<StagedEvent> {
    const [row] = await tx
      .insert(realtimeEvents)
      .values({ companyId: event.companyId, type: event.type, payload: event.payload })
      .returning({ id: realtimeEvents.id });
    const persisted: BusEvent = { ...event, id: present(row, "inserted event row").id };
    return { event: persisted, deliver: () => this.deliver(persisted) };
  }
}

/**
 * Several server processes on one PostgreSQL: every process LISTENs, so each delivers what any of them publishes.
 * The NOTIFY is issued inside the publishing transaction: PostgreSQL delivers it only at COMMIT (never after a
 * rollback), so a listener cannot hear of a write before it can read it, even if the publisher dies right after.
 */
class PgNotifyBus extends BaseBus {
  private listening: Promise<{ unlisten(): Promise<void> }>;
  constructor(db: Db, pubsub: PgPubSub) {
    super(db);
    this.listening = pubsub.listen(CHANNEL, (payload) => {
      let event: BusEvent;
      try {
        event = JSON.parse(payload) as BusEvent;
      } catch {
        // a malformed payload cannot come from this code; ignore rather than crash the listener
        return;
      }
      this.deliver(event);
    });
  }
  /** Resolves once LISTEN is active, so a test can publish right after. */
  ready() {
    return this.listening.then(() => undefined);
  }
  protected async write(tx: Db, event: RealtimeEvent): Promise<StagedEvent> {
    // This process hears its own events through LISTEN too: make sure it listens before anything is sent.
    await this.listening;
    // One statement (one round trip inside the publisher's transaction): the row, and the NOTIFY carrying it with its
    // id.
    const [row] = await queryRows<{ id: string | number }>(
      tx,
      sql`WITH e AS (
            INSERT INTO realtime_events (company_id, type, payload) VALUES (${event.companyId}, ${event.type}, ${JSON.stringify(event.payload)}::jsonb)
            RETURNING id)
          SELECT id, pg_notify(${CHANNEL}, jsonb_set(${JSON.stringify(event)}::jsonb, '{id}', to_jsonb(id))::text) FROM e`,
    );
    return { event: { ...event, id: Number(present(row, "inserted event row").id) }, deliver: null };
  }
  override async close() {
    await (await this.listening).unlisten();
    await super.close();
  }
}

export async function busReady(bus: EventBus): Promise<void> {
  if (bus instanceof PgNotifyBus) await bus.ready();
}

export async function pruneEvents(bus: EventBus, olderThanHours?: number): Promise<void> {
  if (bus instanceof BaseBus) await bus.prune(olderThanHours);
}

/** How many streams this process's bus feeds, how many write their own frames, under how many keys (tests). */
export function streamStats(bus: EventBus): { feeds: number; direct: number; keys: number } {
  if (!(bus instanceof BaseBus)) throw new Error("streamStats needs a bus made by createEventBus");
  return bus.stats();
}
