import type { CompanyPreferences, DaysPreferences } from "@taller/core";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { tenantKey, tenantRef } from "./_columns";

export const companies = pgTable("companies", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  domain: text("domain").notNull().unique(),
  currentVersion: text("current_version").notNull().default("0.1.0"),
  workpointMode: boolean("workpoint_mode").notNull().default(false),
  // Shapes are validated by zod in @taller/core before they are written.
  preferences: jsonb("preferences").$type<CompanyPreferences>().notNull(),
  daysPreferences: jsonb("days_preferences").$type<DaysPreferences>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const locations = pgTable(
  "locations",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    preferences: jsonb("preferences").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One name per company whatever its case (its index also serves the company's lookups).
  (t) => [uniqueIndex("locations_company_name_idx").on(t.companyId, sql`lower(${t.name})`), tenantKey(t)],
);

export const holidays = pgTable(
  "holidays",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    // null: the holiday applies to every location of the company
    locationId: integer("location_id"),
    date: date("date", { mode: "string" }).notNull(),
    name: text("name").notNull(),
  },
  (t) => [
    // One holiday per day and location (NULLS NOT DISTINCT: one company-wide per day); also the (company, date) index.
    unique("holidays_company_date_location_key").on(t.companyId, t.date, t.locationId).nullsNotDistinct(),
    tenantRef(t, t.locationId, locations, "cascade"),
  ],
);
