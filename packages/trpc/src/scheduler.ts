// Periodic background jobs (CRM sweeps, WhatsApp notifications, the payments poller). Each run is a whole idempotent
// sweep inside one transaction that holds a PostgreSQL advisory lock for the job, so runs never overlap. Every server
// process ticks every job; on a timer, a run first claims its period in `job_runs` (periods are `everyMs` long and
// aligned on the database's clock), so with several processes on one database a job runs once per period, by
// whichever process ticks first; a run that fails rolls its claim back and the next tick (of any process) retries.
// Running a sweep twice would still create nothing twice (the jobs' writes are guarded by unique constraints).
// Events the run emits are delivered after its COMMIT.
//
// pg-boss (the maintained PostgreSQL queue) was the first choice; its current line (12.x) requires Node 22.12 while
// this repository runs on Node 20.19+, and these jobs are sweeps on a timer, not queued messages, so the lock, the
// claim and the constraints give the guarantees without a queue. docs/domains/crm.md says more.
import type { Db } from "@taller/db";
import { queryRows } from "@taller/db";
import { sql } from "drizzle-orm";
import type { EventBus } from "./events";
import { withTransaction, type Transaction } from "./transaction";

/** Advisory lock namespace of periodic jobs (the first key of the two-key lock; jobs.ts uses 8201). */
export const PERIODIC_JOB_LOCK = 8301;

export interface PeriodicJob {
  /** Shown in the logs. */
  name: string;
  /** The job's lock key, unique among periodic jobs. */
  lockKey: number;
  /** Milliseconds between runs. */
  everyMs: number;
  /** One sweep; answers what it did (logged). */
  run(tx: Transaction, now: Date): Promise<Record<string, number>>;
}

export interface JobLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type JobRun = { ran: true; result: Record<string, number>; period?: string } | { ran: false };

/**
 * Runs the job once now, unless another process (or this one) holds its lock: then `{ ran: false }`. With
 * `oncePerPeriod` (the timers' runs) it also skips when a run already claimed the current period, and answers the
 * period it claimed.
 */
export async function runJob(
  ctx: { db: Db; bus: EventBus },
  job: PeriodicJob,
  now = new Date(),
  { oncePerPeriod = false } = {},
): Promise<JobRun> {
  return withTransaction(ctx, async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx.db,
      sql`SELECT pg_try_advisory_xact_lock(${PERIODIC_JOB_LOCK}, ${job.lockKey}) AS locked`,
    );
    if (!lock?.locked) return { ran: false as const };
    const period = oncePerPeriod ? await claimPeriod(tx.db, job) : undefined;
    if (period === null) return { ran: false as const };
    return { ran: true as const, result: await job.run(tx, now), period };
  });
}

/**
 * Claims the job's current period (the database's clock, cut into `everyMs` slices from the epoch) unless it or a
 * later one is claimed already: answers the period's start, or null. Periods are compared by their start, so a job
 * whose `everyMs` changes between releases keeps running.
 */
async function claimPeriod(db: Db, job: PeriodicJob): Promise<string | null> {
  const [claimed] = await queryRows<{ period_start: string }>(
    db,
    sql`INSERT INTO job_runs AS r (name, period_start)
        VALUES (${job.name}, to_timestamp(floor(extract(epoch FROM clock_timestamp()) * 1000 / ${job.everyMs}) * ${job.everyMs} / 1000.0))
        ON CONFLICT (name) DO UPDATE SET period_start = excluded.period_start
          WHERE r.period_start < excluded.period_start
        RETURNING to_char(r.period_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS period_start`,
  );
  return claimed?.period_start ?? null;
}

/**
 * Starts the jobs on timers (first run soon after start), each run claiming its period (at most one run per job and
 * period across the processes on this database). A run never overlaps the previous one of the same job in this
 * process; failures are logged and the next tick tries again. `stop()` waits for runs in progress.
 */
export function startJobs(
  ctx: { db: Db; bus: EventBus },
  jobs: readonly PeriodicJob[],
  logger: JobLogger,
): { stop(): Promise<void> } {
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  const tick = (job: PeriodicJob) => {
    if (stopped || running.has(job.name)) return;
    const started = Date.now();
    const run = runJob(ctx, job, new Date(), { oncePerPeriod: true })
      .then((r) => {
        if (r.ran) logger.info({ job: job.name, period: r.period, ms: Date.now() - started, ...r.result }, "job ran");
      })
      .catch((err: unknown) => logger.error({ job: job.name, err }, "job failed"))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };
  // Which jobs this process ticks, for the operator reading its log (and the two-process test counting them).
  logger.info({ jobs: jobs.map((j) => j.name) }, "jobs started");
  const timers = jobs.flatMap((job) => {
    const first = setTimeout(() => tick(job), 1_000);
    const every = setInterval(() => tick(job), job.everyMs);
    first.unref();
    every.unref();
    return [first, every];
  });
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.all(running.values());
    },
  };
}
