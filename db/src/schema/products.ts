// The catalogue (issue 12 "Catalogue"): products, their categories and warehouses per company, the tables the
// operators' spreadsheet import will fill; and what the agenda reads from it (seed 000 section 3 "Booking form":
// inventory_action_for_consume and order_aditionals): the products a requirement consumes, the products it offers
// as add-ons ('Adicionales' on the client's booking page) and the add-ons a booking carries. Money is integer pesos.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { companyId, createdAt, searchColumns, searchIndex, tenantKey, tenantRef, updatedAt } from "./_columns";
import { bookings } from "./booking";
import { requirements } from "./catalog";

export const productCategories = pgTable(
  "product_categories",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t), uniqueIndex("product_categories_company_name_idx").on(t.companyId, t.name)],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: text("name").notNull(),
    // The code (SKU) people and the spreadsheet import know a product by: unique per company.
    code: text("code").notNull(),
    // Integer pesos: what the client pays, and what the workshop pays its supplier.
    price: integer("price").notNull().default(0),
    buyPrice: integer("buy_price").notNull().default(0),
    description: text("description"),
    categoryId: integer("category_id"),
    // How the product is counted on the shelf ('unidad', 'litro'...): stock moves in whole units of it.
    unit: text("unit").notNull().default("unidad"),
    // Code and name folded by the table's trigger (migration 0044_inventory): the inventory list's search.
    ...searchColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex("products_company_code_idx").on(t.companyId, t.code),
    searchIndex(t),
    // The inventory list sorted by name (by code: the unique index above).
    index("products_company_name_idx").on(t.companyId, t.name, t.id),
    check("products_unit_length", sql`char_length(${t.unit}) BETWEEN 1 AND 30`),
    index("products_category_idx").on(t.companyId, t.categoryId),
    tenantRef(t, t.categoryId, productCategories, "set null"),
    check("products_prices_non_negative", sql`${t.price} >= 0 AND ${t.buyPrice} >= 0`),
    check("products_name_length", sql`char_length(${t.name}) BETWEEN 1 AND 200`),
    check("products_code_length", sql`char_length(${t.code}) BETWEEN 1 AND 100`),
  ],
);

export const warehouses = pgTable(
  "warehouses",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [tenantKey(t), uniqueIndex("warehouses_company_name_idx").on(t.companyId, t.name)],
);

/** What a requirement consumes (seed 000 inventory_action_for_consume): shown read-only on the client's page. */
export const requirementProducts = pgTable(
  "requirement_products",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    requirementId: integer("requirement_id").notNull(),
    productId: integer("product_id").notNull(),
    quantity: integer("quantity").notNull().default(1),
  },
  (t) => [
    uniqueIndex("requirement_products_unique_idx").on(t.companyId, t.requirementId, t.productId),
    tenantRef(t, t.requirementId, requirements, "cascade"),
    tenantRef(t, t.productId, products, "cascade"),
    check("requirement_products_quantity_range", sql`${t.quantity} BETWEEN 1 AND 10000`),
  ],
);

/** Products a requirement offers as add-ons ('Adicionales'): the client picks 1 to max_quantity of each. */
export const requirementAddons = pgTable(
  "requirement_addons",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    requirementId: integer("requirement_id").notNull(),
    productId: integer("product_id").notNull(),
    maxQuantity: integer("max_quantity").notNull().default(5),
  },
  (t) => [
    uniqueIndex("requirement_addons_unique_idx").on(t.companyId, t.requirementId, t.productId),
    tenantRef(t, t.requirementId, requirements, "cascade"),
    tenantRef(t, t.productId, products, "cascade"),
    check("requirement_addons_max_range", sql`${t.maxQuantity} BETWEEN 1 AND 99`),
  ],
);

/**
 * The add-ons a booking carries (order_aditionals), written with the booking in its transaction. The unit price and
 * name are the product's at booking time (a later price change does not reprice a booking); `total` is the
 * database's own product of both.
 */
export const bookingAddons = pgTable(
  "booking_addons",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    bookingId: integer("booking_id").notNull(),
    // Set null when the product is removed from the catalogue: the booking keeps what was sold.
    productId: integer("product_id"),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    total: integer("total")
      .notNull()
      .generatedAlwaysAs(sql`quantity * unit_price`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("booking_addons_unique_idx").on(t.companyId, t.bookingId, t.productId),
    tenantRef(t, t.bookingId, bookings, "cascade"),
    tenantRef(t, t.productId, products, "set null"),
    check("booking_addons_quantity_range", sql`${t.quantity} BETWEEN 1 AND 99`),
    check("booking_addons_price_non_negative", sql`${t.unitPrice} >= 0`),
  ],
);
