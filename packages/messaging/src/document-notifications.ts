// The notifications domains ask for (event `notification.requested`, emitted in the transaction that wrote the
// document): booking confirmation, order received, budget ready, payment link. Domains may not import messaging
// (tooling/eslint boundaries), so they name the moment and the document; this module reads what the message says
// from the tables, in the order NOTIFICATION_VALUES (core) documents, and queues it with the company's template.
// Every process hears every event: the dedupe key (one message per notification and document, unique in the
// database) makes a second hearing, a retried request or a double click send nothing twice.
import {
  CLIENT_BUDGET_PATH,
  CLIENT_PAYMENT_PATH,
  formatDay,
  formatMoney,
  type DocumentNotification,
  type RealtimeEventOf,
  trimEndOf,
} from "@taller/core";
import { budgetClientToken, documentTokens, jobCursors, paymentClientToken, queryRows, type Db } from "@taller/db";
import {
  findPgCode,
  sha256,
  withTransaction,
  type BusEvent,
  type EventBus,
  type PeriodicJob,
  type Transaction,
} from "@taller/trpc";
import { eq, sql } from "drizzle-orm";
import { queueNotification, type NotifyRequest, type NotifyResult } from "./notify";
import { deliverAfterCommit, deliverMessage } from "./outbound";

export type NotificationRequest = RealtimeEventOf<"notification.requested">;
export type DocumentNotifyResult = NotifyResult | { skipped: "no_document" };

/** The dedupe key of a document's notification: one message per notification and document, ever. */
export const notificationKey = (notification: DocumentNotification, documentId: number) =>
  `${notification}:${documentId}`;

interface BookingRow {
  client_id: number;
  name: string;
  booking_date: string;
  booking_time: string;
  identifier: string | null;
}

/** A booking's values (confirmation and reminder alike): client name, day (dd-mm-yyyy), time (HH:MM), plate. */
export const bookingValues = (b: BookingRow) => [b.name, formatDay(b.booking_date), b.booking_time, b.identifier ?? ""];

type Message = Omit<NotifyRequest, "companyId" | "notification" | "dedupeKey"> & { budgetToken?: string };

/** What the notification says about its document, or null when the document is gone or no longer wants it. */
async function messageFor(
  tx: Transaction,
  companyId: number,
  req: NotificationRequest["payload"],
  publicUrl: string,
): Promise<Message | null> {
  const base = trimEndOf(publicUrl, "/");
  const id = req.documentId;
  switch (req.notification) {
    case "booking_confirmation": {
      // Only a booking still waiting for its client: one moved, received, missed or cancelled meanwhile has nothing to
      // confirm.
      const [b] = await queryRows<BookingRow>(
        tx.db,
        sql`SELECT b.client_id, c.name, b.booking_date::text AS booking_date, to_char(b.booking_time, 'HH24:MI') AS booking_time, v.identifier
            FROM bookings b
            JOIN clients c ON c.company_id = b.company_id AND c.id = b.client_id
            LEFT JOIN vehicles v ON v.company_id = b.company_id AND v.id = b.vehicle_id
            WHERE b.company_id = ${companyId} AND b.id = ${id}
              AND NOT b.confirmed AND NOT b.rescheduled AND NOT b.non_attendance AND b.order_id IS NULL
              AND b.cancelled_at IS NULL`,
      );
      return b ? { clientId: b.client_id, values: bookingValues(b), documentType: "Booking", documentId: id } : null;
    }
    case "order_received": {
      const [o] = await queryRows<{
        client_id: number;
        name: string;
        identifier: string | null;
        correlative_id: number;
        requirement: string | null;
      }>(
        tx.db,
        sql`SELECT o.client_id, c.name, v.identifier, o.correlative_id, r.name AS requirement
            FROM orders o
            JOIN clients c ON c.company_id = o.company_id AND c.id = o.client_id
            LEFT JOIN vehicles v ON v.company_id = o.company_id AND v.id = o.vehicle_id
            LEFT JOIN requirements r ON r.company_id = o.company_id AND r.id = o.requirement_id
            WHERE o.company_id = ${companyId} AND o.id = ${id}`,
      );
      return o
        ? {
            clientId: o.client_id,
            values: [o.name, o.identifier ?? "", String(o.correlative_id), o.requirement ?? ""],
            documentType: "Order",
            documentId: id,
          }
        : null;
    }
    case "budget_ready": {
      const [b] = await queryRows<{
        client_id: number;
        name: string;
        identifier: string | null;
        correlative_id: number;
        total: number;
      }>(
        tx.db,
        sql`SELECT o.client_id, c.name, v.identifier, b.correlative_id, b.total
            FROM budgets b
            JOIN orders o ON o.company_id = b.company_id AND o.id = b.order_id
            JOIN clients c ON c.company_id = o.company_id AND c.id = o.client_id
            LEFT JOIN vehicles v ON v.company_id = o.company_id AND v.id = o.vehicle_id
            WHERE b.company_id = ${companyId} AND b.id = ${id}`,
      );
      if (!b) return null;
      const token = await budgetClientToken(tx.db, companyId, id);
      const link = `${base}${CLIENT_BUDGET_PATH}?token=${token}`;
      return {
        clientId: b.client_id,
        values: [b.name, b.identifier ?? "", String(b.correlative_id), formatMoney(b.total), link],
        documentType: "Budget",
        documentId: id,
        budgetToken: token,
      };
    }
    case "payment_link": {
      // The message lands in the chat of what is charged (the budget, else the order): the request has no chat.
      const [p] = await queryRows<{
        client_id: number;
        name: string;
        identifier: string | null;
        total: number;
        order_id: number;
        budget_id: number | null;
      }>(
        tx.db,
        sql`SELECT p.client_id, c.name, p.vehicle_identifier AS identifier, p.total, p.order_id, p.budget_id
            FROM payment_requests p JOIN clients c ON c.company_id = p.company_id AND c.id = p.client_id
            WHERE p.company_id = ${companyId} AND p.id = ${id} AND p.provider <> 'local'`,
      );
      // No request, or one of the test checkout ('Pago de prueba'), whose link must never reach a client as real.
      if (!p) return null;
      const link = `${base}${CLIENT_PAYMENT_PATH}?token=${await paymentClientToken(tx.db, companyId, id)}`;
      return {
        clientId: p.client_id,
        values: [p.name, p.identifier ?? "", formatMoney(p.total), link],
        documentType: p.budget_id === null ? "Order" : "Budget",
        documentId: p.budget_id ?? p.order_id,
      };
    }
  }
}

/**
 * Queues the requested notification in `tx` (the caller delivers it after COMMIT), or answers why not: the document
 * is gone or no longer wants it, no plan, no approved template, no phone, or it was queued before (duplicate).
 */
export async function queueDocumentNotification(
  tx: Transaction,
  companyId: number,
  req: NotificationRequest["payload"],
  publicUrl: string,
): Promise<DocumentNotifyResult> {
  const message = await messageFor(tx, companyId, req, publicUrl);
  if (!message) return { skipped: "no_document" };
  const { budgetToken, ...rest } = message;
  const result = await queueNotification(tx, {
    ...rest,
    companyId,
    notification: req.notification,
    dedupeKey: notificationKey(req.notification, req.documentId),
  });
  // The budget's link opens its PDF only once it was given to the client.
  if ("queued" in result && budgetToken) {
    await tx.db
      .insert(documentTokens)
      .values({
        companyId,
        kind: "budget_token",
        tokenHash: sha256(budgetToken),
        documentType: "Budget",
        documentId: req.documentId,
      })
      .onConflictDoNothing();
  }
  return result;
}

export interface NotificationDeps {
  db: Db;
  bus: EventBus;
  /** Where clients open links (PUBLIC_URL, else the local address). */
  publicUrl: string;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** Handles one `notification.requested` event: queued in its own transaction, handed to the adapter after COMMIT. */
export async function handleNotificationRequest(
  deps: NotificationDeps,
  event: NotificationRequest,
): Promise<DocumentNotifyResult> {
  let result: DocumentNotifyResult;
  try {
    result = await withTransaction(deps, (tx) =>
      queueDocumentNotification(tx, event.companyId, event.payload, deps.publicUrl),
    );
  } catch (err) {
    // Another process queued the same key at the same moment: the unique index let only one through.
    if (findPgCode(err) === "23505") return { skipped: "duplicate" };
    throw err;
  }
  if ("queued" in result) await deliverMessage(deps.db, event.companyId, result.queued);
  deps.log.info({ companyId: event.companyId, ...event.payload, ...result }, "whatsapp notification");
  return result;
}

/** Handles every `notification.requested` event this process hears; answers the function that stops listening. */
export function startNotificationDelivery(deps: NotificationDeps): () => void {
  return deps.bus.subscribe((event: BusEvent) => {
    if (event.type !== "notification.requested") return;
    handleNotificationRequest(deps, event).catch((err: unknown) =>
      deps.log.warn({ err, eventId: event.id }, "whatsapp notification failed"),
    );
  });
}

/** How old a `notification.requested` event is before the catch-up looks at it: the live handler has had its turn. */
export const CATCH_UP_AFTER_MS = 2 * 60_000;
const CATCH_UP_CURSOR = "notification-catch-up";
const CATCH_UP_BATCH = 200;

/**
 * The live handler's safety net: an event no process handled (every server stopped between the write's COMMIT and
 * hearing it) is handled from the event outbox (realtime_events, kept 24 hours), in id order after the job's cursor
 * (job_cursors). Events whose message is already queued are passed over in the query; the rest are handled like the
 * live handler does (idempotent through the dedupe key), each in a savepoint, so one that fails is logged in the
 * counts and passed instead of stopping every later one. The scan stops at the first event written by a transaction
 * that began less than CATCH_UP_AFTER_MS ago (`created_at` is its start), whose live handling may still be running;
 * a transaction that began earlier and is still open can commit an event below the cursor, which is then not seen.
 * The first run places the cursor at the newest event: what came before was the live handler's.
 */
export const notificationCatchUpJob = (db: Db, publicUrl: string): PeriodicJob => ({
  name: "whatsapp-notification-catch-up",
  lockKey: 34,
  everyMs: 60_000,
  async run(tx, now) {
    const settled = new Date(now.getTime() - CATCH_UP_AFTER_MS);
    const [cursor] = await tx.db
      .select({ lastId: jobCursors.lastId })
      .from(jobCursors)
      .where(eq(jobCursors.name, CATCH_UP_CURSOR));
    if (!cursor) {
      await queryRows(
        tx.db,
        sql`INSERT INTO job_cursors (name, last_id) SELECT ${CATCH_UP_CURSOR}, coalesce(max(id), 0) FROM realtime_events`,
      );
      return { events: 0, queued: 0, failed: 0 };
    }
    const events = await queryRows<{
      id: string | number;
      company_id: number;
      payload: NotificationRequest["payload"];
      created_at: string | Date;
      handled: boolean;
    }>(
      tx.db,
      sql`SELECT e.id, e.company_id, e.payload, e.created_at,
            EXISTS (SELECT 1 FROM whatsapp_messages m WHERE m.company_id = e.company_id
                      AND m.dedupe_key = (e.payload->>'notification') || ':' || (e.payload->>'documentId')) AS handled
          FROM realtime_events e
          WHERE e.type = 'notification.requested' AND e.id > ${cursor.lastId} ORDER BY e.id LIMIT ${CATCH_UP_BATCH}`,
    );
    let lastId = cursor.lastId;
    let failed = 0;
    const queued: { companyId: number; id: number }[] = [];
    for (const e of events) {
      if (new Date(e.created_at) > settled) break;
      lastId = Number(e.id);
      if (e.handled) continue;
      try {
        const result = await tx.savepoint((sp) => queueDocumentNotification(sp, e.company_id, e.payload, publicUrl));
        if ("queued" in result) queued.push({ companyId: e.company_id, id: result.queued });
      } catch {
        failed += 1;
      }
    }
    await tx.db.update(jobCursors).set({ lastId }).where(eq(jobCursors.name, CATCH_UP_CURSOR));
    deliverAfterCommit(tx, db, queued);
    return { events: events.length, queued: queued.length, failed };
  },
});
