// The store's bytes outlive no row: deleting a file or an upload row (a company's or a user's deletion cascades to
// them) queues its keys in `file_store_removals` by trigger, in the deleting transaction, and this job removes the
// bytes from the store (disk or S3) and then the queue's rows. Abandoned uploads are swept here too.
import { queryRows } from "@taller/db";
import type { PeriodicJob } from "@taller/trpc";
import { sql } from "drizzle-orm";
import type { FileStore } from "./store";

/** An upload nobody touched for a day is abandoned. */
const STALE_AFTER = "1 day";
/** Keys removed per run: a deleted company's thousands of files go over a few runs, each transaction short. */
const REMOVALS_PER_RUN = 2_000;

/**
 * Hourly: abandoned uploads are deleted (their chunks queued by trigger; a finished upload's row stayed a day so a
 * client that lost the last answer could read it), then queued keys leave the store. A store that fails to delete
 * rolls the run back; the next run tries again.
 */
export function fileStoreJob(store: FileStore): PeriodicJob {
  return {
    name: "file-store",
    lockKey: 40,
    everyMs: 60 * 60_000,
    async run(tx) {
      const abandoned = await queryRows<{ id: string }>(
        tx.db,
        sql`DELETE FROM file_uploads WHERE updated_at < now() - ${STALE_AFTER}::interval RETURNING id`,
      );
      const keys = await queryRows<{ key: string }>(
        tx.db,
        sql`DELETE FROM file_store_removals WHERE key IN (
              SELECT key FROM file_store_removals ORDER BY created_at, key LIMIT ${REMOVALS_PER_RUN})
            RETURNING key`,
      );
      for (const { key } of keys) await store.delete(key);
      return { abandonedUploads: abandoned.length, removedKeys: keys.length };
    },
  };
}
