import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { companyId, createdAt, searchColumns, tenantKey, tenantRef, updatedAt, searchIndex } from "./_columns";
import { users } from "./access";
import { requirements, statuses } from "./catalog";
import { clients, vehicles } from "./clients";
import { locations } from "./companies";

/** A picture (or video) of an order or a budget, as both store them: one zip builder reads either. */
export interface DocumentPicture {
  url: string;
  name?: string;
  video?: boolean;
}

/** A work order ("check-in"): a vehicle received for a requirement. */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    // Numbered per company, never reused.
    correlativeId: integer("correlative_id").notNull(),
    statusId: integer("status_id").notNull(),
    requirementId: integer("requirement_id"),
    clientId: integer("client_id"),
    vehicleId: integer("vehicle_id"),
    locationId: integer("location_id"),
    // The advisor who received it and the technician assigned to it.
    userId: integer("user_id"),
    assigneeId: integer("assignee_id"),
    checkInTime: timestamp("check_in_time", { withTimezone: true }).notNull().defaultNow(),
    finishDate: date("finish_date", { mode: "string" }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    kms: integer("kms"),
    comment: text("comment"),
    from: text("from"),
    // Integer pesos (CLP has no minor unit).
    total: integer("total").notNull().default(0),
    recallData: jsonb("recall_data").$type<unknown[]>().notNull().default([]),
    customFields: jsonb("custom_fields").$type<Record<string, unknown>>().notNull().default({}),
    pictures: jsonb("pictures").$type<DocumentPicture[]>().notNull().default([]),
    // Raised by every write of the order's life (@taller/orders write/): a writer names the version it read and
    // updates only while it still holds, so of two concurrent edits one wins and the other is told.
    version: integer("version").notNull().default(1),
    // Why the order was cancelled (orders.cancel), required there.
    cancelReason: text("cancel_reason"),
    // The reception's idempotency key (orders.receive): a double press sends it twice and gets one order.
    receiveKey: uuid("receive_key"),
    // Derived columns, written only by database triggers (migration 0003_order_triggers):
    // the latest budget (highest id) and its status, so lists filter and show it without a join per row...
    lastBudgetId: integer("last_budget_id"),
    lastBudgetStatusId: integer("last_budget_status_id"),
    // ...the same status as an index key, -1 meaning "no budget" (the list's 'Sin Presupuesto'): a plain column
    // rather than an expression, so that the list's slices are index-only scans...
    budgetStatusKey: integer("budget_status_key")
      .notNull()
      .generatedAlwaysAs(sql`coalesce(last_budget_status_id, -1)`),
    // ...and "#correlative identifier brand model client-name rut rut-digits", folded by search_fold(), so one
    // trigram index answers the list's contains-search across five tables.
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_company_correlative_idx").on(t.companyId, t.correlativeId),
    check("orders_total_non_negative", sql`${t.total} >= 0`),
    tenantKey(t),
    tenantRef(t, t.statusId, statuses),
    tenantRef(t, t.requirementId, requirements, "set null"),
    tenantRef(t, t.clientId, clients, "set null"),
    tenantRef(t, t.vehicleId, vehicles, "set null"),
    tenantRef(t, t.locationId, locations, "set null"),
    tenantRef(t, t.userId, users, "set null"),
    tenantRef(t, t.assigneeId, users, "set null"),
    // A vehicle's open order (the vehicles list probes it per vehicle, from the index alone when counting).
    index("orders_vehicle_idx").on(t.vehicleId, t.statusId, t.companyId, t.locationId),
    // Client renames rewrite their orders' search text; deleting a client nulls its orders.
    index("orders_client_idx").on(t.clientId),
    // The list reads one (status, budget status) slice at a time in sort order (@taller/orders list-query.ts):
    // every page, however deep, is a few short index-only range scans. location_id rides along (last, so it does
    // not break the order) so the location selector filters inside the index too.
    index("orders_list_correlative_idx").on(t.companyId, t.statusId, t.budgetStatusKey, t.correlativeId, t.locationId),
    index("orders_list_check_in_idx").on(
      t.companyId,
      t.statusId,
      t.budgetStatusKey,
      t.checkInTime,
      t.correlativeId,
      t.locationId,
    ),
    searchIndex(t),
    check("orders_cancel_reason_length", sql`char_length(${t.cancelReason}) <= 500`),
    uniqueIndex("orders_company_receive_key_idx").on(t.companyId, t.receiveKey),
    // "Own records only": the orders a user received or is assigned.
    index("orders_user_idx").on(t.companyId, t.userId),
    index("orders_assignee_idx").on(t.companyId, t.assigneeId),
    // The vehicles list's open orders: vehicles with an order in the (bound) open statuses, read from the index alone.
    index("orders_status_vehicle_idx").on(t.companyId, t.statusId, t.vehicleId, t.locationId),
    // The production calendar (@taller/calendar range.ts): a delivery sits on one day, chosen by the first of three
    // disjoint rules; each rule reads one of these partial indexes over a month's range.
    // Not completed, with a finish date: on the finish date.
    index("orders_calendar_finish_idx")
      .on(t.companyId, t.finishDate)
      .where(sql`completed_at IS NULL AND finish_date IS NOT NULL`),
    // Completed: on the day (in Chile) it was completed.
    index("orders_calendar_completed_idx")
      .on(t.companyId, t.completedAt)
      .where(sql`completed_at IS NOT NULL`),
    // Only ended (delivered without a completion or a finish date): on the day it was delivered.
    index("orders_calendar_ended_idx")
      .on(t.companyId, t.endedAt)
      .where(sql`completed_at IS NULL AND finish_date IS NULL AND ended_at IS NOT NULL`),
  ],
);

/**
 * An order's status history (the spec's status_logs): one row per status it entered, with who and when, written in
 * the transaction that moves the order, so the latest row always names the order's status.
 */
export const orderStatusLogs = pgTable(
  "order_status_logs",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    orderId: integer("order_id").notNull(),
    statusId: integer("status_id").notNull(),
    userId: integer("user_id"),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    tenantRef(t, t.orderId, orders, "cascade"),
    tenantRef(t, t.statusId, statuses, "cascade"),
    tenantRef(t, t.userId, users, "set null"),
    index("order_status_logs_order_idx").on(t.orderId, t.id),
    check("order_status_logs_reason_length", sql`char_length(${t.reason}) <= 500`),
  ],
);

/**
 * Order counts per (status, last budget status), kept by triggers on orders (migration 0003_order_triggers): the
 * list's total and the status boxes read a few dozen rows here instead of counting a million orders.
 */
export const orderStatusCounts = pgTable(
  "order_status_counts",
  {
    companyId: companyId(),
    statusId: integer("status_id").notNull(),
    // As orders.budget_status_key: -1 for orders without a budget.
    budgetStatusKey: integer("budget_status_key").notNull(),
    // The order's location, -1 for none: the location selector filters the totals too.
    locationKey: integer("location_key").notNull().default(-1),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.statusId, t.budgetStatusKey, t.locationKey] }),
    tenantRef(t, t.statusId, statuses, "cascade"),
  ],
);

/**
 * A budget (quote) for an order (issue 12 "Catalogue and budgets"). Numbered per company by a trigger
 * (`next_correlative`, migration `numbering`); `total` is the sum of its lines' totals, kept by a trigger on
 * `budget_lines` (never written by code); `search_text` is "#correlative" plus the order's search text, kept by
 * triggers. Pictures have the orders' shape so one zip builder serves both.
 */
export const budgets = pgTable(
  "budgets",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    orderId: integer("order_id").notNull(),
    statusId: integer("status_id").notNull(),
    // 0 asks the numbering trigger for the company's next number.
    correlativeId: integer("correlative_id").notNull().default(0),
    // Integer pesos, written only by the budget_lines trigger.
    total: integer("total").notNull().default(0),
    createdBy: integer("created_by"),
    notes: text("notes"),
    pictures: jsonb("pictures").$type<DocumentPicture[]>().notNull().default([]),
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("budgets_company_correlative_idx").on(t.companyId, t.correlativeId),
    index("budgets_order_idx").on(t.orderId, t.id),
    tenantKey(t),
    tenantRef(t, t.orderId, orders, "cascade"),
    tenantRef(t, t.statusId, statuses),
    tenantRef(t, t.createdBy, users, "set null"),
    check("budgets_total_non_negative", sql`${t.total} >= 0`),
    check("budgets_notes_length", sql`char_length(${t.notes}) <= 2000`),
    // The list reads one status slice at a time, newest number first.
    index("budgets_list_idx").on(t.companyId, t.statusId, t.correlativeId),
    searchIndex(t),
  ],
);
