// Catches what webhooks missed: every minute, pending requests with a checkout are asked about (each at most every
// five minutes, for a week after they were made) and stored notifications left unprocessed (a crash, the provider
// down) are processed again. A PeriodicJob of @taller/trpc's scheduler: one server process claims the work under the
// job's lock; the provider calls run after that claim commits, outside any transaction.
import { queryRows, type Db } from "@taller/db";
import type { EventBus, PeriodicJob } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { isProviderName, ProviderError, providerNamed } from "./provider";
import { settlePayment } from "./settle";
import { processInbox } from "./webhook";

const POLL_EVERY_MS = 60_000;
const BATCH = 50;

interface Claimed {
  requests: { id: number; provider: string }[];
  inbox: number[];
}

/** Marks what this run asks about (polled_at) so the next run, on any process, asks about other requests. */
async function claim(db: Db, now: Date): Promise<Claimed> {
  const requests = await queryRows<{ id: number; provider: string }>(
    db,
    sql`UPDATE payment_requests SET polled_at = ${now.toISOString()}::timestamptz WHERE id IN (
          SELECT id FROM payment_requests
          WHERE status = 1 AND preference_id IS NOT NULL
            AND (polled_at IS NULL OR polled_at < ${now.toISOString()}::timestamptz - interval '5 minutes')
            AND created_at > ${now.toISOString()}::timestamptz - interval '7 days'
          ORDER BY polled_at NULLS FIRST LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id, provider`,
  );
  const inbox = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM payment_webhook_inbox WHERE processed_at IS NULL AND attempts < 20
          AND created_at < ${now.toISOString()}::timestamptz - interval '1 minute' ORDER BY id LIMIT ${BATCH}`,
  );
  return { requests, inbox: inbox.map((r) => r.id) };
}

async function processClaimed(ctx: { db: Db; bus: EventBus }, claimed: Claimed): Promise<Record<string, number>> {
  const counts: Record<string, number> = { asked: 0, paid: 0, retried: 0, failed: 0 };
  for (const r of claimed.requests) {
    if (!isProviderName(r.provider)) continue;
    counts.asked = (counts.asked ?? 0) + 1;
    try {
      const payments = await providerNamed(r.provider).findPayments(ctx.db, String(r.id));
      // An approved payment settles it; else the latest one is shown as in process.
      const pick = payments.find((p) => p.status === "approved") ?? payments[0];
      if (pick && (await settlePayment(ctx, r.provider, pick)) === "paid") counts.paid = (counts.paid ?? 0) + 1;
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      counts.failed = (counts.failed ?? 0) + 1;
    }
  }
  for (const id of claimed.inbox) {
    counts.retried = (counts.retried ?? 0) + 1;
    await processInbox(ctx, id);
  }
  return counts;
}

/** One poll, awaited (tests, and what the job does in the background). */
export async function pollPayments(ctx: { db: Db; bus: EventBus }, now = new Date()): Promise<Record<string, number>> {
  return processClaimed(ctx, await claim(ctx.db, now));
}

/** The scheduler's job (apps/server starts it with the CRM jobs). */
export function paymentJobs(
  ctx: { db: Db; bus: EventBus },
  log: { error(obj: object, msg: string): void },
): PeriodicJob[] {
  return [
    {
      name: "payments-poll",
      lockKey: 10,
      everyMs: POLL_EVERY_MS,
      async run(tx, now) {
        const claimed = await claim(tx.db, now);
        tx.afterCommit(
          () => void processClaimed(ctx, claimed).catch((err: unknown) => log.error({ err }, "payments poll failed")),
        );
        return { requests: claimed.requests.length, inbox: claimed.inbox.length };
      },
    },
  ];
}
