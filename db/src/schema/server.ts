import { pgTable, text } from "drizzle-orm/pg-core";

/**
 * Secrets every server process on this database shares, created by migrations (not tenant data). `list_cursor`
 * signs list cursors unless the server is given a key (setCursorKey in @taller/trpc).
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  secret: text("secret").notNull(),
});
