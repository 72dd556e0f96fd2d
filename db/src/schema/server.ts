import { pgTable, text } from "drizzle-orm/pg-core";

/**
 * Secrets every server process on this database shares, created by migrations (not tenant data). `list_cursor`
 * signs list cursors (@taller/trpc list/cursor.ts).
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  secret: text("secret").notNull(),
});
