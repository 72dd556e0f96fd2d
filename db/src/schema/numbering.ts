// Document numbering (migration document_counters): one row per company and kind of document holding the last
// number given, advanced by next_correlative() in the inserting transaction. The SQL functions and triggers are
// hand-written in the migration (drizzle has no words for them).
import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { companyId } from "./_columns";

export const documentCounters = pgTable(
  "document_counters",
  {
    companyId: companyId(),
    /** The numbered table ('orders', 'budgets', 'crms', 'payment_requests'), or 'provider_actions:<kind>'. */
    kind: text("kind").notNull(),
    lastValue: integer("last_value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind] })],
);
