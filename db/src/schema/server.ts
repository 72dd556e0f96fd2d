import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Secrets every server process on this database shares, created by migrations (not tenant data). `list_cursor`
 * signs list cursors (@taller/trpc list/cursor.ts).
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  secret: text("secret").notNull(),
});

/**
 * How far a periodic job has read an append-only table, by job name: the notification catch-up's last
 * `realtime_events` id (packages/messaging document-notifications.ts).
 */
export const jobCursors = pgTable("job_cursors", {
  name: text("name").primaryKey(),
  lastId: bigint("last_id", { mode: "number" }).notNull(),
});

/**
 * The period each periodic job last ran in, by job name (@taller/trpc scheduler.ts): every server process ticks each
 * job, and the first to claim a period (by the database's clock) runs it; the others skip it.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
});
