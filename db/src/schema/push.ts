// Web push (@taller/push): which push.requested events were claimed for delivery, and the local outbox.
import { bigint, index, integer, jsonb, pgTable, serial, timestamp } from "drizzle-orm/pg-core";
import { companyId, createdAt, tenantRef } from "./_columns";
import { users } from "./access";

/**
 * One row per push.requested event, inserted by the process that delivers it (`on conflict do nothing`): every
 * server process hears every event on the PostgreSQL bus, and only the one whose insert lands sends the pushes.
 * No foreign key to realtime_events: events are pruned after a day, the claim is kept as long as the outbox.
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    eventId: bigint("event_id", { mode: "number" }).primaryKey(),
    companyId: companyId(),
    /** Subscriptions the push was handed to (accepted by the push service, or written to the outbox). */
    sent: integer("sent").notNull().default(0),
    /** Subscriptions the push service answered 404/410 for: removed from their devices. */
    removed: integer("removed").notNull().default(0),
    /** Subscriptions that failed otherwise (network, 4xx/5xx): kept, the next push tries again. */
    failed: integer("failed").notNull().default(0),
    // When the delivering process claimed it.
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("push_deliveries_claimed_idx").on(t.createdAt)],
);

/**
 * The local default of push delivery (no VAPID delivery configured): what would have been pushed to each
 * addressed user, never sent anywhere. Visible in the server log too.
 */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    eventId: bigint("event_id", { mode: "number" }).notNull(),
    userId: integer("user_id").notNull(),
    /** The payload a browser would have received: { userId, title, body, url, tag }. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** Push subscriptions the user had when it was written (how many browsers it would have reached). */
    devices: integer("devices").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("push_outbox_user_idx").on(t.companyId, t.userId, t.id), tenantRef(t, t.userId, users, "cascade")],
);
