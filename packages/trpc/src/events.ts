import { EventEmitter } from "node:events";
import { parseRealtimeEvent, present, type RealtimeEvent } from "@taller/core";
import type { Database, Db, PgPubSub } from "@taller/db";
import { realtimeEvents } from "@taller/db";
import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";

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
   * Events for one company (and platform-wide ones) after `lastEventId`, then live ones, with no gap and no
   * duplicate: the resumable stream behind every subscription.
   */
  stream(opts: { companyId: number | null; lastEventId?: number | null; signal?: AbortSignal }): AsyncGenerator<BusEvent>;
  close(): Promise<void>;
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
    const [row] = await tx
      .insert(realtimeEvents)
      .values({ companyId: checked.companyId, type: checked.type, payload: checked.payload })
      .returning({ id: realtimeEvents.id });
    const persisted: BusEvent = { ...checked, id: present(row, "inserted event row").id };
    return { event: persisted, deliver: await this.stageDelivery(tx, persisted) };
  }

  /** Arranges delivery after COMMIT: returns what to run after it, or null when the database delivers at COMMIT. */
  protected abstract stageDelivery(tx: Db, event: BusEvent): Promise<(() => void) | null>;

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.emitter.on("event", listener);
    return () => this.emitter.off("event", listener);
  }

  async *stream(opts: { companyId: number | null; lastEventId?: number | null; signal?: AbortSignal }) {
    const visible = (e: BusEvent) => e.companyId === null || e.companyId === opts.companyId;
    // Subscribe before reading the backlog so nothing published in between is lost.
    const queue: BusEvent[] = [];
    let wake: (() => void) | null = null;
    const off = this.subscribe((e) => {
      if (!visible(e)) return;
      queue.push(e);
      wake?.();
    });
    const aborted = new Promise<void>((resolve) => opts.signal?.addEventListener("abort", () => resolve(), { once: true }));
    try {
      // Ids yielded from the backlog: the same event may also be in the live queue. Live events are not deduped by
      // "id <= last" because two publishing processes can deliver ids out of order.
      const fromBacklog = new Set<number>();
      const last = opts.lastEventId ?? null;
      if (last !== null) {
        const companyFilter =
          opts.companyId === null
            ? isNull(realtimeEvents.companyId)
            : or(isNull(realtimeEvents.companyId), eq(realtimeEvents.companyId, opts.companyId));
        const backlog = await this.db
          .select()
          .from(realtimeEvents)
          .where(and(gt(realtimeEvents.id, last), companyFilter))
          .orderBy(asc(realtimeEvents.id))
          .limit(1000);
        for (const row of backlog) {
          fromBacklog.add(row.id);
          yield { id: row.id, companyId: row.companyId, type: row.type, payload: row.payload } as BusEvent;
        }
      }
      while (!opts.signal?.aborted) {
        const next = queue.shift();
        if (next) {
          if (fromBacklog.delete(next.id)) continue;
          yield next;
          continue;
        }
        await Promise.race([new Promise<void>((resolve) => (wake = resolve)), aborted]);
        wake = null;
      }
    } finally {
      off();
    }
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
  protected stageDelivery(_tx: Db, event: BusEvent) {
    return Promise.resolve(() => void this.emitter.emit("event", event));
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
      try {
        this.emitter.emit("event", JSON.parse(payload) as BusEvent);
      } catch {
        // a malformed payload cannot come from this code; ignore rather than crash the listener
      }
    });
  }
  /** Resolves once LISTEN is active, so a test can publish right after. */
  ready() {
    return this.listening.then(() => undefined);
  }
  protected async stageDelivery(tx: Db, event: BusEvent) {
    // This process hears its own events through LISTEN too: make sure it listens before anything is sent.
    await this.listening;
    await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
    return null;
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
