// Budgets' lines, numbering and status history (issue 12 "Catalogue and budgets"); the `budgets` table itself lives
// beside orders (db/src/schema/orders.ts), whose last-budget trigger reads it. Money is integer pesos.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { companyId, createdAt, tenantKey, tenantRef } from "./_columns";
import { users } from "./access";
import { statuses } from "./catalog";
import { budgets } from "./orders";
import { products } from "./products";

/**
 * A budget line (the chat's "inventory action"): a catalogue product or free text, a quantity, the unit price at the
 * time and a discount in pesos off the line. `total` is the database's own arithmetic; the budget's total follows
 * every insert, update and delete of its lines (trigger `budget_lines_total`, migration `budgets`).
 */
export const budgetLines = pgTable(
  "budget_lines",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    budgetId: integer("budget_id").notNull(),
    // Set null when the product leaves the catalogue: the line keeps its description and price.
    productId: integer("product_id"),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull().default(1),
    unitPrice: integer("unit_price").notNull().default(0),
    discount: integer("discount").notNull().default(0),
    total: integer("total")
      .notNull()
      .generatedAlwaysAs(sql`quantity * unit_price - discount`),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    tenantRef(t, t.budgetId, budgets, "cascade"),
    tenantRef(t, t.productId, products, "set null"),
    index("budget_lines_budget_idx").on(t.budgetId, t.position, t.id),
    // A product's page lists the budgets that carry it.
    index("budget_lines_product_idx").on(t.companyId, t.productId),
    check("budget_lines_description_length", sql`char_length(${t.description}) BETWEEN 1 AND 500`),
    check("budget_lines_quantity_range", sql`${t.quantity} BETWEEN 1 AND 10000`),
    // A line is at most $1.000.000.000, so its total (and a budget of lines) stays inside integer range.
    check(
      "budget_lines_amount_range",
      sql`${t.unitPrice} >= 0 AND ${t.quantity}::bigint * ${t.unitPrice} <= 1000000000`,
    ),
    check(
      "budget_lines_discount_range",
      sql`${t.discount} >= 0 AND ${t.discount} <= ${t.quantity}::bigint * ${t.unitPrice}`,
    ),
  ],
);

/** A budget's status history: who moved it from which status to which, and when (from is null at creation). */
export const budgetStatusChanges = pgTable(
  "budget_status_changes",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    budgetId: integer("budget_id").notNull(),
    fromStatusId: integer("from_status_id"),
    toStatusId: integer("to_status_id").notNull(),
    userId: integer("user_id"),
    createdAt: createdAt(),
  },
  (t) => [
    tenantRef(t, t.budgetId, budgets, "cascade"),
    tenantRef(t, t.fromStatusId, statuses, "cascade"),
    tenantRef(t, t.toStatusId, statuses, "cascade"),
    tenantRef(t, t.userId, users, "set null"),
    index("budget_status_changes_budget_idx").on(t.budgetId, t.id),
  ],
);
