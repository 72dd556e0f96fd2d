// Stock (issue 25 "Inventory", section 3): a maintained balance per product and warehouse, and every movement that
// changed it. Both are written only by @taller/inventory's write module, in the transaction of the movement, so the
// balance always equals the sum of its movements; a decrease is a conditional update (never below zero unless the
// company allows negative stock), so two consumptions of the last unit cannot both pass.
import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companyId, createdAt, tenantKey, tenantRef } from "./_columns";
import { users } from "./access";
import { products, warehouses } from "./products";

/** The kinds of movement: a receipt, a consumption, a count's correction, and the two halves of a transfer. */
export const STOCK_MOVEMENT_KINDS = ["receipt", "consumption", "count", "transfer_out", "transfer_in"] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

export const stockBalances = pgTable(
  "stock_balances",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    productId: integer("product_id").notNull(),
    warehouseId: integer("warehouse_id").notNull(),
    quantity: integer("quantity").notNull().default(0),
    // Integer pesos per unit: the weighted average of what the units on hand cost, moved on each receipt.
    averageCost: integer("average_cost").notNull().default(0),
    // Below it the product is marked low in this warehouse; 0: no minimum.
    minimum: integer("minimum").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stock_balances_unique_idx").on(t.companyId, t.productId, t.warehouseId),
    // A warehouse's delete checks its balances through this index.
    index("stock_balances_warehouse_idx").on(t.companyId, t.warehouseId),
    // The products list's 'Solo stock bajo': the company's balances under their minimum, a small part of them.
    index("stock_balances_low_idx")
      .on(t.companyId, t.productId)
      .where(sql`${t.minimum} > 0 AND ${t.quantity} < ${t.minimum}`),
    tenantKey(t),
    tenantRef(t, t.productId, products, "cascade"),
    // A warehouse holding stock or history cannot be removed (the delete says so in Spanish before trying).
    tenantRef(t, t.warehouseId, warehouses),
    check("stock_balances_minimum_range", sql`${t.minimum} BETWEEN 0 AND 1000000000`),
    check("stock_balances_cost_non_negative", sql`${t.averageCost} >= 0`),
  ],
);

export const stockMovements = pgTable(
  "stock_movements",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    productId: integer("product_id").notNull(),
    warehouseId: integer("warehouse_id").notNull(),
    kind: text("kind").$type<StockMovementKind>().notNull(),
    // Signed: what the movement added to (or took from) the balance.
    quantity: integer("quantity").notNull(),
    // Integer pesos per unit: what a receipt paid, or the average cost the units left at.
    unitCost: integer("unit_cost").notNull(),
    // The balance right after this movement (the row lock orders them), so a product's page needs no running sum.
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason").notNull().default(""),
    // The document that moved the stock (a buy order, an order, a transfer's other half), when there is one.
    documentType: text("document_type"),
    documentId: integer("document_id"),
    userId: integer("user_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_movements_product_idx").on(t.companyId, t.productId, t.id),
    index("stock_movements_warehouse_idx").on(t.companyId, t.warehouseId),
    // What a document (an order's consumption, a buy order's receipt) moved, without reading the company's history.
    index("stock_movements_document_idx").on(t.companyId, t.documentType, t.documentId),
    // A movement belongs to its balance, which is bound to the company's product and warehouse: one key instead of
    // one per product and per warehouse. Its check is nearly free where it runs, the balance row being locked by the
    // writing transaction already (a product's check locked a row of products per line: most of a receipt's time).
    // A balance with movements cannot be removed (no action), so neither can its warehouse nor its product.
    foreignKey({
      name: "stock_movements_balance_fk",
      columns: [t.companyId, t.productId, t.warehouseId],
      foreignColumns: [stockBalances.companyId, stockBalances.productId, stockBalances.warehouseId],
    }),
    tenantRef(t, t.userId, users, "set null"),
    check("stock_movements_quantity_nonzero", sql`${t.quantity} <> 0`),
    check("stock_movements_cost_non_negative", sql`${t.unitCost} >= 0`),
    check("stock_movements_kind", sql`${t.kind} IN ('receipt', 'consumption', 'count', 'transfer_out', 'transfer_in')`),
    check("stock_movements_reason_length", sql`char_length(${t.reason}) <= 300`),
  ],
);
