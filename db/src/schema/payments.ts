// Payment requests ('cobros', seed 002 sections 2.5, 2.6, 3.5, 4.3): what a client is asked to pay for an order or a
// budget, the payment provider's checkout preference and the payment that settled it. docs/domains/payments.md says
// which trigger keeps what (migration payments): the correlative, the total from the lines, the search text, and a
// state that never moves backwards.
import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companyId, createdAt, searchColumns, tenantKey, tenantRef, updatedAt, searchIndex } from "./_columns";
import { users } from "./access";
import { requirements } from "./catalog";
import { clients, vehicles } from "./clients";
import { budgets, orders } from "./orders";

export const paymentRequests = pgTable(
  "payment_requests",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    // Numbered per company by the trigger payment_requests_before_insert: 0 on insert means "assign the next".
    correlativeId: integer("correlative_id").notNull().default(0),
    orderId: integer("order_id"),
    budgetId: integer("budget_id"),
    // What the request was for, as the order showed it when it was made (the list reads them without joins).
    requirementId: integer("requirement_id"),
    clientId: integer("client_id"),
    vehicleId: integer("vehicle_id"),
    requirementName: text("requirement_name"),
    clientName: text("client_name"),
    clientEmail: text("client_email"),
    vehicleIdentifier: text("vehicle_identifier"),
    createdBy: integer("created_by"),
    // 1 'Pendiente', 2 'Pagado' (PAYMENT_STATUSES in core). Once 2, never back (trigger).
    status: integer("status").notNull().default(1),
    // Integer pesos, written only by the lines' trigger (sum of quantity x unit price).
    total: integer("total").notNull().default(0),
    // Which adapter made the preference ('local' or 'mercadopago'): a request is settled by the provider that issued
    // it.
    provider: text("provider").notNull(),
    preferenceId: text("preference_id"),
    // The checkout link ('Enlace Cobro', the preference's init_point).
    checkoutUrl: text("checkout_url"),
    // The latest payment the provider reported for this request ('ID Pago') and its state there.
    paymentId: text("payment_id"),
    paymentStatus: text("payment_status"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    totalPaid: integer("total_paid"),
    installments: integer("installments"),
    installmentAmount: integer("installment_amount"),
    // 'Enlace Pago' (transaction_details.external_resource_url), when the payment method has one.
    paymentUrl: text("payment_url"),
    // When the poller last asked the provider about it (missed webhooks).
    polledAt: timestamp("polled_at", { withTimezone: true }),
    // Written only by the trigger: '#correlative', plate, client, requirement and payment id, folded.
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex("payment_requests_company_correlative_idx").on(t.companyId, t.correlativeId),
    // A provider's payment settles one request at most: a notification for it cannot move a second one.
    uniqueIndex("payment_requests_payment_idx")
      .on(t.provider, t.paymentId)
      .where(sql`payment_id IS NOT NULL`),
    check("payment_requests_document", sql`${t.orderId} IS NOT NULL OR ${t.budgetId} IS NOT NULL`),
    check("payment_requests_status_known", sql`${t.status} IN (1, 2)`),
    check("payment_requests_provider_known", sql`${t.provider} IN ('local', 'mercadopago')`),
    check(
      "payment_requests_money",
      sql`${t.total} >= 0 AND coalesce(${t.totalPaid}, 0) >= 0 AND coalesce(${t.installmentAmount}, 0) >= 0`,
    ),
    check("payment_requests_installments", sql`${t.installments} IS NULL OR ${t.installments} BETWEEN 1 AND 72`),
    // Paid means a payment that paid it, with its date and amount.
    check(
      "payment_requests_paid_complete",
      sql`${t.status} <> 2 OR (${t.paymentId} IS NOT NULL AND ${t.paidAt} IS NOT NULL AND ${t.totalPaid} IS NOT NULL)`,
    ),
    tenantRef(t, t.orderId, orders, "cascade"),
    tenantRef(t, t.budgetId, budgets, "set null"),
    tenantRef(t, t.requirementId, requirements, "set null"),
    tenantRef(t, t.clientId, clients, "set null"),
    tenantRef(t, t.vehicleId, vehicles, "set null"),
    tenantRef(t, t.createdBy, users, "set null"),
    // The list: one status slice at a time, newest first.
    index("payment_requests_list_idx").on(t.companyId, t.status, t.id),
    searchIndex(t),
    index("payment_requests_order_idx").on(t.companyId, t.orderId),
    // The poller: pending requests with a preference, oldest poll first.
    index("payment_requests_poll_idx")
      .on(t.polledAt)
      .where(sql`status = 1 AND preference_id IS NOT NULL`),
  ],
);

/**
 * Requests per (company, status), kept by triggers on payment_requests (migration payments): the list's total and its
 * legend read two rows instead of counting every request.
 */
export const paymentRequestCounts = pgTable(
  "payment_request_counts",
  {
    companyId: companyId(),
    status: integer("status").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.status] })],
);

/**
 * A line of a payment request: what the client pays for (seed 002 section 2.6: quantity, title, description, price).
 */
export const paymentRequestLines = pgTable(
  "payment_request_lines",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    paymentRequestId: integer("payment_request_id").notNull(),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    quantity: integer("quantity").notNull().default(1),
    // Integer pesos.
    unitPrice: integer("unit_price").notNull(),
  },
  (t) => [
    uniqueIndex("payment_request_lines_position_idx").on(t.paymentRequestId, t.position),
    check("payment_request_lines_quantity", sql`${t.quantity} BETWEEN 1 AND 10000`),
    check("payment_request_lines_price", sql`${t.unitPrice} BETWEEN 0 AND 1000000000`),
    check("payment_request_lines_title", sql`length(${t.title}) BETWEEN 1 AND 256`),
    tenantRef(t, t.paymentRequestId, paymentRequests, "cascade"),
  ],
);

/**
 * Every provider notification with a valid signature, stored once (its provider and request id are unique), before
 * the request is touched: the webhook answers as soon as the row is in; processing re-fetches the payment. No
 * company_id: which company it concerns is known only after the provider is asked (the payment's
 * external_reference), and the row points at nothing a tenant owns.
 */
export const paymentWebhookInbox = pgTable(
  "payment_webhook_inbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    provider: text("provider").notNull(),
    // x-request-id: the provider's id of this delivery (re-sent deliveries repeat it).
    requestId: text("request_id").notNull(),
    topic: text("topic").notNull(),
    // data.id: the payment the notification is about.
    resourceId: text("resource_id").notNull(),
    body: jsonb("body").$type<unknown>(),
    receivedAt: createdAt(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    // What processing did: 'paid', 'pending', 'unchanged', 'amount_mismatch', 'unknown_request', 'ignored', 'error:
    // ...'.
    result: text("result"),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [
    uniqueIndex("payment_webhook_inbox_delivery_idx").on(t.provider, t.requestId),
    index("payment_webhook_inbox_pending_idx")
      .on(t.id)
      .where(sql`processed_at IS NULL`),
  ],
);

/**
 * The local provider's own payments (the 'Pago de prueba' checkout served by this app): what Mercado Pago would keep
 * on its side, so reprocessing and the poller ask the local provider exactly as they ask the real one.
 */
export const localPayments = pgTable(
  "payment_local_payments",
  {
    id: serial("id").primaryKey(),
    preferenceId: text("preference_id").notNull(),
    externalReference: text("external_reference").notNull(),
    status: text("status").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("CLP"),
    installments: integer("installments").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    check("payment_local_payments_status", sql`${t.status} IN ('approved', 'rejected')`),
    index("payment_local_payments_reference_idx").on(t.externalReference, t.id),
  ],
);
