// The per-company key of the inbound mail endpoint (POST /inbound/mail/{key}): bookings that arrive by e-mail.
import { integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies";

/**
 * One key per company, stored as a selector (looked up) and the SHA-256 of a verifier (compared in constant time):
 * the clear key `selector.verifier` is shown once when it is made and never stored, so a database dump opens no
 * company's mailbox. Making a new key replaces the old one.
 */
export const inboundMailKeys = pgTable(
  "inbound_mail_keys",
  {
    companyId: integer("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    selector: text("selector").notNull(),
    verifierHash: text("verifier_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("inbound_mail_keys_selector_idx").on(t.selector)],
);
