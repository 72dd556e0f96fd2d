import { bigint, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { companyId } from "./_columns";

/**
 * The dashboard's daily figures (`/main/analytics`), kept by statement triggers on the tables they count (migration
 * analytics): per company, day in America/Santiago, location (-1 for none), metric and dimension (a duration bucket,
 * a technician, a booking channel; -1 for none) the sum of what the rows of that day contribute. Each trigger adds
 * its statement's new rows' contributions and subtracts its old rows', so a figure is exact whoever writes and
 * cannot be counted twice. Read only by @taller/analytics; written by no package.
 */
export const analyticsDays = pgTable(
  "analytics_days",
  {
    companyId: companyId(),
    day: date("day", { mode: "string" }).notNull(),
    locationKey: integer("location_key").notNull(),
    metric: text("metric").notNull(),
    dim: integer("dim").notNull(),
    value: bigint("value", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.locationKey, t.metric, t.dim] })],
);

/**
 * The same figures per month (`month` its first day), kept by the same triggers in the same statement: a range of
 * years reads its whole months here and only its partial first and last months from analytics_days.
 */
export const analyticsMonths = pgTable(
  "analytics_months",
  {
    companyId: companyId(),
    month: date("month", { mode: "string" }).notNull(),
    locationKey: integer("location_key").notNull(),
    metric: text("metric").notNull(),
    dim: integer("dim").notNull(),
    value: bigint("value", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.locationKey, t.metric, t.dim] })],
);
