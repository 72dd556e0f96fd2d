// CRM managements (seed 001 sections 1-4): booking follow-ups, retentions (clients due back) and absences (missed
// bookings). See docs/domains/crm.md for where they come from (the generation jobs) and the triggers that keep
// `correlative_id`, `category` and `search_text` (migration crm).
import type { CrmBookingState, CrmCategory, CrmKind } from "@taller/core";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companyId, createdAt, searchColumns, tenantKey, tenantRef, updatedAt, searchIndex } from "./_columns";
import { users } from "./access";
import { bookings } from "./booking";
import { requirements, statuses } from "./catalog";
import { clients, vehicles } from "./clients";
import { locations } from "./companies";
import { orders } from "./orders";

/**
 * A management ('Crm'). A `crm_token` (document_tokens, document_type 'Crm') opens exactly one on the client's
 * booking page.
 */
export const crms = pgTable(
  "crms",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    // Numbered per company by the trigger crms_before_write (next_correlative): 0 on insert means "assign the next".
    correlativeId: integer("correlative_id").notNull().default(0),
    kind: text("kind").$type<CrmKind>().notNull(),
    // A Crm::Booking status of the company; null on insert: the company's first 'initial' status (trigger).
    statusId: integer("status_id"),
    // Written only by the trigger: the status's category, or 'on_hold' for an open management on the waiting list.
    category: text("category").$type<CrmCategory>().notNull().default("initial"),
    // 'Lista de Espera': pauses automatic reminders to the client.
    onHold: boolean("on_hold").notNull().default(false),
    clientId: integer("client_id"),
    vehicleId: integer("vehicle_id"),
    // Retentions: the service the client is due for, and the one it follows (from_requirement -> requirement).
    requirementId: integer("requirement_id"),
    fromRequirementId: integer("from_requirement_id"),
    locationId: integer("location_id"),
    // The booking this management is about (follow-ups), or the one that recovered it (retentions, absences).
    bookingId: integer("booking_id"),
    // Absences: the booking the client missed (one absence per missed booking).
    sourceBookingId: integer("source_booking_id"),
    // The client's last order when the management opened (retentions: the order whose requirement fell due).
    lastOrderId: integer("last_order_id"),
    // The staff member in charge ("own records" for the CRM); null: nobody yet.
    userId: integer("user_id"),
    // Who opened it; null: the system ('Sistema').
    generatedBy: integer("generated_by"),
    // Retentions: the day the client is due back.
    scheduledFor: date("scheduled_for", { mode: "string" }),
    // Integer pesos: what winning the client back is worth, and what it brought (the recovering order's total).
    estimatedAmount: integer("estimated_amount").notNull().default(0),
    recoveredAmount: integer("recovered_amount").notNull().default(0),
    // The booking state the generation job last applied (follow-ups and recoveries move once per change).
    bookingState: text("booking_state").$type<CrmBookingState>(),
    comment: text("comment"),
    lastContactedAt: timestamp("last_contacted_at", { withTimezone: true }),
    // Written only by the trigger: client name, RUT, e-mail, phone, plate, brand and model folded by search_fold().
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex("crms_company_correlative_idx").on(t.companyId, t.correlativeId),
    check("crms_kind_known", sql`${t.kind} IN ('booking', 'retention', 'absence')`),
    check("crms_category_known", sql`${t.category} IN ('initial', 'on_hold', 'booked', 'completed', 'failed')`),
    check("crms_amounts_non_negative", sql`${t.estimatedAmount} >= 0 AND ${t.recoveredAmount} >= 0`),
    tenantRef(t, t.statusId, statuses, "set null"),
    tenantRef(t, t.clientId, clients, "set null"),
    tenantRef(t, t.vehicleId, vehicles, "set null"),
    tenantRef(t, t.requirementId, requirements, "set null"),
    tenantRef(t, t.fromRequirementId, requirements, "set null"),
    tenantRef(t, t.locationId, locations, "set null"),
    tenantRef(t, t.bookingId, bookings, "set null"),
    tenantRef(t, t.sourceBookingId, bookings, "set null"),
    tenantRef(t, t.lastOrderId, orders, "set null"),
    tenantRef(t, t.userId, users, "set null"),
    tenantRef(t, t.generatedBy, users, "set null"),
    index("crms_booking_idx").on(t.bookingId),
    // What makes generation idempotent: one follow-up per booking, one absence per missed booking, one retention
    // per (order, due requirement). A job run twice, or on two servers at once, inserts nothing the second time.
    uniqueIndex("crms_follow_up_idx")
      .on(t.companyId, t.bookingId)
      .where(sql`kind = 'booking'`),
    uniqueIndex("crms_absence_idx")
      .on(t.companyId, t.sourceBookingId)
      .where(sql`kind = 'absence'`),
    uniqueIndex("crms_retention_idx")
      .on(t.companyId, t.lastOrderId, t.requirementId)
      .where(sql`kind = 'retention'`),
    // The lists (default sort created_at desc, id breaks ties) and the KPI strip, per kind.
    index("crms_list_created_idx").on(t.companyId, t.kind, t.createdAt, t.id),
    index("crms_kpi_idx").on(
      t.companyId,
      t.kind,
      t.category,
      t.createdAt,
      t.locationId,
      t.estimatedAmount,
      t.recoveredAmount,
    ),
    index("crms_client_idx").on(t.companyId, t.clientId),
    index("crms_vehicle_idx").on(t.companyId, t.vehicleId),
    index("crms_user_idx").on(t.companyId, t.userId),
    searchIndex(t),
  ],
);

/**
 * The managements per (kind, category, location) with their amounts, kept by statement triggers on crms (migration
 * crm_scale): a list's total and its KPI strip over all time read a few rows here instead of counting every
 * management of the kind (66,000 index entries at 200,000 managements).
 */
export const crmCounts = pgTable(
  "crm_counts",
  {
    companyId: companyId(),
    kind: text("kind").$type<CrmKind>().notNull(),
    category: text("category").$type<CrmCategory>().notNull(),
    // The management's location, -1 for none: the shell's location selector filters the totals too.
    locationKey: integer("location_key").notNull(),
    count: integer("count").notNull().default(0),
    estimated: bigint("estimated", { mode: "number" }).notNull().default(0),
    recovered: bigint("recovered", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.category, t.locationKey] })],
);
