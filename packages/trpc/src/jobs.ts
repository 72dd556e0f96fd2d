// Heavy jobs a user may run one at a time (the orders export today): a second one while the first runs is refused,
// in this process by an in-memory set and across server processes by a PostgreSQL advisory lock held for the
// job's transaction (pg_try_advisory_xact_lock, released at commit or rollback, even if the process dies).
import type { Db } from "@taller/db";
import { queryRows } from "@taller/db";
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";

/** Advisory lock namespaces (the first key of the two-key lock), one per kind of job. */
export const JOB_KINDS = { orders_export: 8201, products_export: 8202, invoices_export: 8203 } as const;
export type JobKind = keyof typeof JOB_KINDS;

export const JOB_RUNNING = "Ya tienes una exportación en curso. Espera a que termine e inténtalo de nuevo.";

const running = new Set<string>();

/** Runs `job` inside a transaction holding the user's lock for this kind; TOO_MANY_REQUESTS if one already runs. */
export async function oneJobAtATime<T>(db: Db, kind: JobKind, userId: number, job: (tx: Db) => Promise<T>): Promise<T> {
  const local = `${kind}:${userId}`;
  if (running.has(local)) throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: JOB_RUNNING });
  running.add(local);
  try {
    return await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const [lock] = await queryRows<{ locked: boolean }>(
        txDb,
        sql`SELECT pg_try_advisory_xact_lock(${JOB_KINDS[kind]}, ${userId}) AS locked`,
      );
      if (!lock?.locked) throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: JOB_RUNNING });
      return job(txDb);
    });
  } finally {
    running.delete(local);
  }
}
