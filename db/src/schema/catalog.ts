import type { StatusType } from "@taller/core";
import { boolean, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { companyId, createdAt } from "./_columns";

/** Order, budget and CRM-booking statuses, configured per company. */
export const statuses = pgTable(
  "statuses",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    type: text("type").$type<StatusType>().notNull(),
    name: text("name").notNull(),
    color: text("color").notNull(),
    // A finished status leaves the default list filters.
    finish: boolean("finish").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("statuses_company_type_idx").on(t.companyId, t.type, t.position)],
);

/** Service types ("requirements") a client can ask for. */
export const requirements = pgTable(
  "requirements",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: text("name").notNull(),
    // Minutes a booking of this requirement occupies in the agenda.
    durationMinutes: integer("duration_minutes").notNull().default(60),
    createdAt: createdAt(),
  },
  (t) => [index("requirements_company_idx").on(t.companyId)],
);

export const brands = pgTable(
  "brands",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: text("name").notNull(),
  },
  (t) => [index("brands_company_idx").on(t.companyId)],
);

export const brandModels = pgTable(
  "brand_models",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
  },
  (t) => [index("brand_models_brand_idx").on(t.brandId)],
);
