import { SESSION_ENDED_MAX_IDS, type RealtimeEvent } from "@taller/core";
import type { Db } from "@taller/db";
import { type BusEvent, type EventBus, stageEvent } from "./events";

/** What a handler writes through: one database transaction, its outbox, and work for after COMMIT. */
export interface Transaction {
  /**
   * The transaction. Inside it, use only this, never `ctx.db`: on PostgreSQL a query through `ctx.db` runs outside
   * the transaction, and on PGlite (one connection) it waits for the transaction to end, that is forever.
   */
  db: Db;
  /** Writes the event to the outbox in this transaction; subscribers receive it only after COMMIT. */
  emit(event: RealtimeEvent): Promise<BusEvent>;
  /** Runs after COMMIT, never after a rollback (cookies for sessions the transaction created, caches). */
  afterCommit(fn: () => void): void;
  /**
   * Runs `fn` in a savepoint: if it throws, its writes, its events and its after-COMMIT work are undone and the
   * error is rethrown, while the transaction itself goes on (a sweep that must not stop at one bad item).
   */
  savepoint<T>(fn: (sp: Transaction) => Promise<T>): Promise<T>;
}

/** A Transaction over `db` (a transaction or a savepoint of one) whose after-COMMIT work goes to `afterCommit`. */
function transactionOver(bus: EventBus, db: Db, afterCommit: (() => void)[]): Transaction {
  const tx: Transaction = {
    db,
    async emit(event) {
      const staged = await stageEvent(bus, db, event);
      if (staged.deliver) afterCommit.push(staged.deliver);
      return staged.event;
    },
    afterCommit: (run) => void afterCommit.push(run),
    async savepoint(fn) {
      // Kept apart until the savepoint is released: a rolled-back one delivers nothing.
      const own: (() => void)[] = [];
      const result = await db.transaction((inner) => fn(transactionOver(bus, inner, own)));
      afterCommit.push(...own);
      return result;
    },
  };
  return tx;
}

/**
 * Runs `fn` in one transaction: every write and every emitted event commits together or not at all. A procedure
 * that writes more than once, or writes and announces it, does so through this:
 *
 *   return withTransaction(ctx, async (tx) => {
 *     await tx.db.update(users).set(changes).where(eq(users.id, id));
 *     await tx.emit({ type: "user.updated", companyId: ctx.companyId, payload: { id } });
 *   });
 *
 * Events are delivered after COMMIT (PostgreSQL sends a NOTIFY issued inside a transaction only at COMMIT; the
 * in-process bus of PGlite emits once the transaction has returned), so a subscriber never hears of data it cannot
 * read yet. Checks that must stay counted whatever happens next (a login attempt) go before it, through `ctx.db`.
 */
export async function withTransaction<T>(
  ctx: { db: Db; bus: EventBus },
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const afterCommit: (() => void)[] = [];
  const result = await ctx.db.transaction((db) => fn(transactionOver(ctx.bus, db, afterCommit)));
  for (const run of afterCommit) run();
  return result;
}

/**
 * Announces ended sessions (in chunks a NOTIFY can carry): every process drops them from its session cache and
 * closes their sockets (the auth package's watchSessionEvents). Used by logout-like writes of any domain.
 */
export async function emitSessionsEnded(tx: Transaction, sessionIds: readonly string[]): Promise<void> {
  for (let i = 0; i < sessionIds.length; i += SESSION_ENDED_MAX_IDS) {
    await tx.emit({
      type: "session.ended",
      companyId: null,
      payload: { sessionIds: sessionIds.slice(i, i + SESSION_ENDED_MAX_IDS) },
    });
  }
}
