import { EventEmitter } from "node:events";
import type { Database, Db } from "@taller/db";
import { realtimeEvents } from "@taller/db";
import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";

/** Domain events carry ids, never rows: subscribers fetch what they are allowed to see. */
export interface BusEvent {
  id: number;
  /** null for platform-wide events (a session ended, a new version). */
  companyId: number | null;
  type: string;
  payload: Record<string, unknown>;
}

export type NewBusEvent = Omit<BusEvent, "id">;

export interface EventBus {
  /** Persists the event, then delivers it to every subscriber of every server process. Call after your commit. */
  publish(event: NewBusEvent): Promise<BusEvent>;
  /** Live events of this process's delivery stream (all companies). */
  subscribe(listener: (event: BusEvent) => void): () => void;
  /**
   * Events for one company (and platform-wide ones) after `lastEventId`, then live ones, with no gap and no
   * duplicate: the resumable stream behind every subscription.
   */
  stream(opts: { companyId: number | null; lastEventId?: number | null; signal?: AbortSignal }): AsyncGenerator<BusEvent>;
  close(): Promise<void>;
}

const CHANNEL = "realtime_events";
// NOTIFY payloads must stay under 8000 bytes; events carry ids so this is generous.
const MAX_PAYLOAD_BYTES = 7000;

export function createEventBus(database: Database): EventBus {
  return database.pubsub ? new PgNotifyBus(database) : new InProcessBus(database.db);
}

abstract class BaseBus implements EventBus {
  protected readonly emitter = new EventEmitter();
  constructor(protected readonly db: Db) {
    this.emitter.setMaxListeners(0);
  }

  async publish(event: NewBusEvent): Promise<BusEvent> {
    const json = JSON.stringify(event.payload);
    if (Buffer.byteLength(json) > MAX_PAYLOAD_BYTES) {
      throw new Error(`Event ${event.type} payload too large: events carry ids, not rows`);
    }
    const [row] = await this.db
      .insert(realtimeEvents)
      .values({ companyId: event.companyId, type: event.type, payload: event.payload })
      .returning({ id: realtimeEvents.id });
    const persisted: BusEvent = { ...event, id: row!.id };
    await this.deliver(persisted);
    return persisted;
  }

  protected abstract deliver(event: BusEvent): Promise<void>;

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
          yield { id: row.id, companyId: row.companyId, type: row.type, payload: row.payload };
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

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** One server process: delivery is a local emit. */
class InProcessBus extends BaseBus {
  protected async deliver(event: BusEvent) {
    this.emitter.emit("event", event);
  }
}

/** Several server processes on one PostgreSQL: every process LISTENs, so each delivers what any of them publishes. */
class PgNotifyBus extends BaseBus {
  private listening: Promise<{ unlisten(): Promise<void> }>;
  constructor(private readonly database: Database) {
    super(database.db);
    this.listening = database.pubsub!.listen(CHANNEL, (payload) => {
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
  protected async deliver(event: BusEvent) {
    await this.listening;
    await this.database.pubsub!.notify(CHANNEL, JSON.stringify(event));
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
