import type { CompanyPreferences, DaysPreferences } from "@taller/core";
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
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
  (t) => [index("locations_company_idx").on(t.companyId), tenantKey(t)],
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
  (t) => [index("holidays_company_date_idx").on(t.companyId, t.date), tenantRef(t, t.locationId, locations, "cascade")],
);
