import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text } from "drizzle-orm/pg-core";
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
    // An e-mail booking names its client by RUT (booking.externalMails.list's prefill).
    index("clients_company_rut_idx").on(t.companyId, t.rut),
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
    // An e-mail booking names its vehicle by plate (booking.externalMails.list's prefill).
    index("vehicles_company_identifier_idx").on(t.companyId, t.identifier),
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
