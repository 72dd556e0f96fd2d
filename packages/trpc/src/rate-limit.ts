import { queryRows, type Db } from "@taller/db";
import { sql } from "drizzle-orm";

/**
 * Fixed-window counters in memory. Good for per-process abuse limits on cheap calls; limits that must hold across
 * processes (login failures, hitRateLimit below) are kept in the database instead.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {
    limiters.add(new WeakRef(this));
  }

  /** Counts one hit; returns the milliseconds to wait when over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size > 50_000) this.sweep(now);
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return w.count > this.max ? w.resetAt - now : 0;
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }

  /** Forgets every window: see resetRateLimiters. */
  reset() {
    this.windows.clear();
  }
}

/** Every in-memory limiter of the process, held weakly (a test server's limiters go with it). */
const limiters = new Set<WeakRef<RateLimiter>>();

/**
 * Fresh windows in every in-memory limiter of the process. Tests share one process across test files, whose seeded
 * databases reuse the same ids: one file's hits must not count against the next.
 */
export function resetRateLimiters() {
  for (const ref of limiters) {
    const limiter = ref.deref();
    if (limiter) limiter.reset();
    else limiters.delete(ref);
  }
}

/**
 * Counts one hit of `key` in the database's current fixed window of `windowSeconds` (windows start on multiples of
 * their length, by the database's clock, so every server process counts in the same row). Answers the milliseconds
 * to wait when the hit is over `max`, else 0. Nothing but time resets a window: a success does not. Run inside the
 * caller's transaction, the hit is counted only if that commits (and concurrent hits of one key queue on its row).
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<number> {
  const [row] = await queryRows<{ hits: number; wait_ms: number }>(
    db,
    sql`INSERT INTO rate_limit_hits AS r (key, window_start, hits)
        VALUES (${key}, to_timestamp(floor(extract(epoch FROM clock_timestamp()) / ${windowSeconds}) * ${windowSeconds}), 1)
        ON CONFLICT (key, window_start) DO UPDATE SET hits = r.hits + 1
        RETURNING r.hits,
                  ceil(extract(epoch FROM (r.window_start + make_interval(secs => ${windowSeconds}) - clock_timestamp())) * 1000)::int AS wait_ms`,
  );
  if (!row) throw new Error("rate_limit_hits upsert returned nothing");
  return row.hits > max ? Math.max(1, row.wait_ms) : 0;
}

/** Drops the windows that ended more than a day ago (the server's periodic prune). */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_hits WHERE window_start < now() - interval '1 day'`);
}
