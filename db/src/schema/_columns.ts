import { integer, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./companies";

/** Every tenant-owned table carries company_id; cascade keeps a company's removal clean. */
export const companyId = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
