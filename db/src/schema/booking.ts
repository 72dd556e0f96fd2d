// The agenda (seed 001 sections 3-9, seed 000 sections 3 and 5): bookings, blocks, professionals' hours and
// specialities and bookings that arrive by e-mail. The CRM managements a client's booking link opens live in crm.ts.
import type { BookingKind, ExternalMailData } from "@taller/core";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companyId, createdAt, tenantKey, tenantRef, updatedAt } from "./_columns";
import { users } from "./access";
import { requirements, specialities } from "./catalog";
import { clients, vehicles } from "./clients";
import { locations } from "./companies";
import { orders } from "./orders";

/**
 * A booking in the agenda. The day and wall-clock time are what people type (America/Santiago); `start_at`/`end_at`
 * are the instants they mean, computed by the trigger `bookings_set_instants` (migration 0007) from booking_date,
 * booking_time and duration, so every writer gets them right across DST changes. A generated column cannot do it:
 * converting a local time needs the time-zone rules, which PostgreSQL does not treat as immutable.
 *
 * A booking "occupies" its slots unless it was rescheduled (its successor occupies the new ones) or cancelled
 * (`cancelled_at`: kept with its reason for the record and the reports, its place free again). Bookings with a
 * professional (`user_id`) may not overlap for that professional: the exclusion constraint
 * `bookings_professional_no_overlap` (btree_gist, migration 0007) refuses it whatever the code writing them does.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    vehicleId: integer("vehicle_id"),
    clientId: integer("client_id"),
    // The order a check-in created ("Ingresado"): completed = has an order.
    orderId: integer("order_id"),
    locationId: integer("location_id"),
    // The professional the booking is with (booking_type professional); null in capacity mode.
    userId: integer("user_id"),
    requirementId: integer("requirement_id"),
    bookingDate: date("booking_date", { mode: "string" }).notNull(),
    bookingTime: time("booking_time").notNull(),
    // Minutes; the agenda shows ceil(duration / interval) slots.
    duration: integer("duration").notNull().default(60),
    // Always overwritten by the trigger (see above); the defaults only let an insert leave them out.
    startAt: timestamp("start_at", { withTimezone: true }).notNull().defaultNow(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull().defaultNow(),
    comment: text("comment"),
    // Where it came from: 'agenda', 'crm', 'crm-addon', 'mail', 'vehicles'.
    from: text("from"),
    bookingType: text("booking_type").$type<BookingKind>().notNull().default("booking"),
    confirmed: boolean("confirmed").notNull().default(false),
    nonAttendance: boolean("non_attendance").notNull().default(false),
    rescheduled: boolean("rescheduled").notNull().default(false),
    // The booking this one was moved to, and (on that one) the booking it came from.
    rescheduledFor: integer("rescheduled_for"),
    rescheduledFrom: integer("rescheduled_from"),
    checkInTime: timestamp("check_in_time", { withTimezone: true }),
    // 'Anular' (booking.cancel): when and why, and who; a cancelled booking is final and holds no place.
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    cancelledBy: integer("cancelled_by"),
    // A client's repeated 'Agendar' (double click, retry) carries the same key and books once.
    idempotencyKey: text("idempotency_key"),
    createdBy: integer("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    index("bookings_vehicle_date_idx").on(t.vehicleId, t.bookingDate),
    // "Vehicles with a future booking" (the Agendado filter and count) and the agenda's range by day.
    index("bookings_company_date_idx").on(t.companyId, t.bookingDate),
    // Free-slot search: the occupying bookings of a company in a time window, read from the index.
    index("bookings_company_start_idx")
      .on(t.companyId, t.startAt, t.endAt, t.userId, t.locationId)
      .where(sql`NOT ${t.rescheduled} AND ${t.cancelledAt} IS NULL`),
    tenantRef(t, t.vehicleId, vehicles, "cascade"),
    tenantRef(t, t.clientId, clients, "set null"),
    tenantRef(t, t.orderId, orders, "set null"),
    tenantRef(t, t.locationId, locations, "set null"),
    tenantRef(t, t.userId, users, "set null"),
    tenantRef(t, t.requirementId, requirements, "set null"),
    tenantRef(t, t.createdBy, users, "set null"),
    tenantRef(t, t.cancelledBy, users, "set null"),
    tenantRef(t, t.rescheduledFor, t, "set null"),
    tenantRef(t, t.rescheduledFrom, t, "set null"),
    // "Own records only" on vehicles: the vehicles of a user's bookings.
    index("bookings_user_idx").on(t.companyId, t.userId),
    index("bookings_order_idx").on(t.orderId),
    uniqueIndex("bookings_company_idempotency_idx").on(t.companyId, t.idempotencyKey),
    check("bookings_duration_range", sql`${t.duration} BETWEEN 1 AND 1440`),
    check("bookings_type_known", sql`${t.bookingType} IN ('booking', 'reentry')`),
    check("bookings_rescheduled_link", sql`${t.rescheduledFor} IS NULL OR ${t.rescheduled}`),
    // A cancellation says why; a moved or checked-in booking is no longer cancellable (booking.cancel refuses it).
    check(
      "bookings_cancel_reason",
      sql`(${t.cancelledAt} IS NULL) = (${t.cancelReason} IS NULL) AND length(${t.cancelReason}) BETWEEN 1 AND 500`,
    ),
  ],
);

/**
 * The agenda's toggles (seed 001 'Blocking'): a whole day (hour null), one hour, or one professional's hour
 * (user_id set; null means every professional, 'all' on the wire). Toggling flips `active`, so one row per target.
 */
export const bookingBlocks = pgTable(
  "booking_blocks",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    date: date("date", { mode: "string" }).notNull(),
    hour: time("hour"),
    userId: integer("user_id"),
    active: boolean("active").notNull().default(true),
    createdBy: integer("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("booking_blocks_target_key").on(t.companyId, t.date, t.hour, t.userId).nullsNotDistinct(),
    tenantRef(t, t.userId, users, "cascade"),
    tenantRef(t, t.createdBy, users, "set null"),
  ],
);

/** A professional's weekly unavailable hours (seed 001 'Professional/user': block_hours, day 1 Monday to 7 Sunday). */
export const blockHours = pgTable(
  "block_hours",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    userId: integer("user_id").notNull(),
    day: integer("day").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
  },
  (t) => [
    index("block_hours_user_idx").on(t.companyId, t.userId),
    tenantRef(t, t.userId, users, "cascade"),
    check("block_hours_day_range", sql`${t.day} BETWEEN 1 AND 7`),
    check("block_hours_order", sql`${t.startTime} < ${t.endTime}`),
  ],
);

/** A professional's specialities (seed 000 'Professional': work_user_specialities with enable, speciality_id). */
export const userSpecialities = pgTable(
  "user_specialities",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    userId: integer("user_id").notNull(),
    specialityId: integer("speciality_id").notNull(),
    enable: boolean("enable").notNull().default(true),
  },
  (t) => [
    uniqueIndex("user_specialities_unique_idx").on(t.companyId, t.userId, t.specialityId),
    tenantRef(t, t.userId, users, "cascade"),
    tenantRef(t, t.specialityId, specialities, "cascade"),
  ],
);

/** A booking that arrived by e-mail (seed 001 'External mail'), until staff remove it from the dialog. */
export const externalMails = pgTable(
  "external_mails",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    locationId: integer("location_id"),
    data: jsonb("data").$type<ExternalMailData>().notNull(),
    readed: boolean("readed").notNull().default(false),
    isBooked: boolean("is_booked").notNull().default(false),
    bookingId: integer("booking_id"),
    // The message's Message-ID (or a digest of the raw message): the same mail delivered twice is stored once.
    messageId: text("message_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("external_mails_message_idx").on(t.companyId, t.messageId),
    index("external_mails_company_idx").on(t.companyId, t.id),
    tenantRef(t, t.locationId, locations, "set null"),
    tenantRef(t, t.bookingId, bookings, "set null"),
  ],
);
