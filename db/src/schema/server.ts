import { bigint, pgTable, text } from "drizzle-orm/pg-core";

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
