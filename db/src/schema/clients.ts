import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companyId, createdAt, searchColumns, tenantKey, tenantRef, updatedAt, searchIndex } from "./_columns";
import { companies } from "./companies";
import { brandModels, brands } from "./catalog";

export const clients = pgTable(
  "clients",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    rut: text("rut"),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    rating: smallint("rating").notNull().default(0),
    // Written only by a trigger (migration crm_scale): name, RUT as written and as digits, e-mail and phone
    // folded by search_fold(), for the clients table's search.
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("clients_rating_range", sql`${t.rating} between 0 and 5`),
    // One client per RUT and company (clients are written with the RUT formatted, "12.345.678-5"); also how an
    // e-mail booking finds its client (booking.externalMails.list's prefill). Clients without a RUT are many.
    uniqueIndex("clients_company_rut_key").on(t.companyId, t.rut),
    searchIndex(t),
    // The clients table's default page (newest first) under a rating filter.
    index("clients_rating_idx").on(t.companyId, t.rating, t.id),
    // (company_id, id), the tenant key, serves "the company's clients": no index on company_id alone (one less
    // btree for every client written, 100,000 at a time by an import).
    tenantKey(t),
  ],
);

/** Clients per rating, kept by statement triggers on clients (migration crm_scale): the rating toggles' counts. */
export const clientRatingCounts = pgTable(
  "client_rating_counts",
  {
    companyId: companyId(),
    rating: smallint("rating").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.rating] })],
);

/** A vehicle, or the company's custom object (its term is configurable). */
export const vehicles = pgTable(
  "vehicles",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    clientId: integer("client_id"),
    brandId: integer("brand_id"),
    brandModelId: integer("brand_model_id"),
    identifier: text("identifier").notNull(),
    chassis: text("chassis"),
    year: smallint("year"),
    color: text("color"),
    kms: integer("kms"),
    customFields: jsonb("custom_fields").$type<Record<string, unknown>>().notNull().default({}),
    // Written only by a trigger (migration 0003_order_triggers): identifier, chassis, brand, model, client name
    // and RUT folded by search_fold(), for the vehicles list's contains-search.
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("vehicles_kms_non_negative", sql`${t.kms} is null or ${t.kms} >= 0`),
    // Also the key of tenant-bound references to vehicles, and the list's (company, id) index.
    tenantKey(t),
    tenantRef(t, t.clientId, clients, "set null"),
    tenantRef(t, t.brandId, brands, "set null"),
    tenantRef(t, t.brandModelId, brandModels, "set null"),
    // Client renames rewrite their vehicles' search text; deleting a client nulls its vehicles.
    index("vehicles_client_idx").on(t.clientId),
    searchIndex(t),
    // One vehicle per identifier and company, as written (upper-case, a plate without separators); also how an
    // e-mail booking finds its vehicle (booking.externalMails.list's prefill).
    uniqueIndex("vehicles_company_identifier_key").on(t.companyId, t.identifier),
  ],
);

/**
 * A vehicle's earlier identifiers: a trigger on vehicles (migration vehicle_plates_unique) writes the old and the new
 * one whenever the identifier changes, whoever changes it.
 */
export const vehiclePlateHistory = pgTable(
  "vehicle_plate_history",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    vehicleId: integer("vehicle_id").notNull(),
    identifier: text("identifier").notNull(),
    replacedBy: text("replaced_by").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantRef(t, t.vehicleId, vehicles, "cascade"),
    index("vehicle_plate_history_vehicle_idx").on(t.companyId, t.vehicleId, t.changedAt),
  ],
);

/**
 * Vehicles per company, kept by triggers on vehicles (migration 0005_list_pipeline): the vehicles list's 'Sin orden'
 * box is every vehicle minus the few with an open order or a booking, without counting 250,000 vehicles.
 */
export const vehicleCounts = pgTable("vehicle_counts", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  count: integer("count").notNull().default(0),
});

/**
 * Per vehicle with an order or a booking: how many of its orders are open (their status not finish) and its latest
 * booking day. Written only by statement triggers on orders, bookings and statuses (migration vehicle_states), so
 * the vehicles list's boxes are read from `vehicle_state_counts` instead of counting open orders and bookings.
 */
export const vehicleStates = pgTable(
  "vehicle_states",
  {
    vehicleId: integer("vehicle_id").primaryKey(),
    companyId: companyId(),
    openOrders: integer("open_orders").notNull().default(0),
    lastBookingDate: date("last_booking_date"),
  },
  (t) => [
    tenantRef(t, t.vehicleId, vehicles, "cascade"),
    // The 'Con orden' filter's candidates, newest vehicle first: a page reads as many as it shows.
    index("vehicle_states_open_idx")
      .on(t.companyId, t.vehicleId)
      .where(sql`${t.openOrders} > 0`),
  ],
);

/**
 * Vehicles per company by what decides their status (kept from `vehicle_states` by its triggers): with an open
 * order (`open`, no day), or else by their latest booking day ('Agendado' while that day is today or later).
 */
export const vehicleStateCounts = pgTable(
  "vehicle_state_counts",
  {
    companyId: companyId(),
    open: boolean("open").notNull(),
    lastBookingDate: date("last_booking_date"),
    count: integer("count").notNull().default(0),
  },
  (t) => [unique("vehicle_state_counts_key").on(t.companyId, t.open, t.lastBookingDate).nullsNotDistinct()],
);
