// Suppliers and what the workshop asks of them (issue 12 "Supplier pages"; seed 000 sections 2.11, 3 "Inventory
// action (pricing or buy order)" and 4): a pricing (the supplier offers prices for the products asked) or a buy order
// (the supplier confirms it), each opened to the supplier by an access_token (document_tokens). One table for both:
// the spec gives them one shape and one set of states; `kind` says which page opens it and numbers it.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type UpdateDeleteAction,
} from "drizzle-orm/pg-core";
import { companyId, createdAt, tenantKey, tenantRef, updatedAt } from "./_columns";
import { users } from "./access";
import { budgets, orders } from "./orders";
import { products, warehouses } from "./products";

export const PROVIDER_ACTION_KINDS = ["pricing", "buy_order"] as const;
export type ProviderActionKind = (typeof PROVIDER_ACTION_KINDS)[number];
export const PROVIDER_ACTION_STATUSES = [
  "pending",
  "answered",
  "confirmed",
  "accepted",
  "rejected",
  "cancelled",
] as const;
export type ProviderActionStatus = (typeof PROVIDER_ACTION_STATUSES)[number];

/** A supplier of the company (name, mail, phone, rut). */
export const providers = pgTable(
  "providers",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: text("name").notNull(),
    mail: text("mail"),
    phone: text("phone"),
    rut: text("rut"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex("providers_company_name_idx").on(t.companyId, t.name),
    check("providers_name_length", sql`char_length(${t.name}) BETWEEN 1 AND 200`),
  ],
);

export const providerActions = pgTable(
  "provider_actions",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    kind: text("kind").$type<ProviderActionKind>().notNull(),
    // Numbered per company and kind by the trigger provider_actions_number: 0 on insert means "assign the next".
    correlativeId: integer("correlative_id").notNull().default(0),
    providerId: integer("provider_id").notNull(),
    // The document it was made from: an order, or a budget (of an order).
    orderId: integer("order_id"),
    budgetId: integer("budget_id"),
    // Who asked: the page shows them and they are notified when the supplier answers.
    requesterId: integer("requester_id"),
    warehouseId: integer("warehouse_id"),
    requiredDeliveryDate: date("required_delivery_date", { mode: "string" }),
    estimatedCompletionDate: date("estimated_completion_date", { mode: "string" }),
    expirationDate: date("expiration_date", { mode: "string" }),
    comment: text("comment"),
    status: text("status").$type<ProviderActionStatus>().notNull().default("pending"),
    draft: boolean("draft").notNull().default(true),
    answered: boolean("answered").notNull().default(false),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    // A buy order made from a pricing: at most one per pricing (the unique index).
    pricingId: integer("pricing_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex("provider_actions_correlative_idx").on(t.companyId, t.kind, t.correlativeId),
    uniqueIndex("provider_actions_pricing_idx").on(t.companyId, t.pricingId),
    foreignKey({
      name: "provider_actions_pricing_id_tenant_fk",
      columns: [t.companyId, t.pricingId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete("set null (pricing_id)" as UpdateDeleteAction),
    check("provider_actions_pricing_kind", sql`${t.pricingId} IS NULL OR ${t.kind} = 'buy_order'`),
    index("provider_actions_order_idx").on(t.companyId, t.orderId),
    index("provider_actions_budget_idx").on(t.companyId, t.budgetId),
    tenantRef(t, t.providerId, providers, "cascade"),
    tenantRef(t, t.orderId, orders, "cascade"),
    tenantRef(t, t.budgetId, budgets, "cascade"),
    tenantRef(t, t.requesterId, users, "set null"),
    tenantRef(t, t.warehouseId, warehouses, "set null"),
    check("provider_actions_kind_known", sql`${t.kind} IN ('pricing', 'buy_order')`),
    check(
      "provider_actions_status_known",
      sql`(${t.kind} = 'pricing' AND ${t.status} IN ('pending', 'answered', 'accepted', 'rejected', 'cancelled'))
        OR (${t.kind} = 'buy_order' AND ${t.status} IN ('pending', 'confirmed', 'cancelled'))`,
    ),
    check("provider_actions_document", sql`${t.orderId} IS NOT NULL OR ${t.budgetId} IS NOT NULL`),
    // Sent means answered, with its time; a draft was never sent.
    check(
      "provider_actions_answered",
      sql`${t.answered} = (${t.answeredAt} IS NOT NULL) AND (${t.draft} OR ${t.answered})`,
    ),
    check("provider_actions_comment_length", sql`char_length(${t.comment}) <= 2000`),
  ],
);

/**
 * A product line: what the workshop asked (required_quantity) and what the supplier answers (quantity, price in
 * integer pesos). A buy order's price is the workshop's (the product's buy price when sent).
 */
export const providerActionProducts = pgTable(
  "provider_action_products",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    actionId: integer("action_id").notNull(),
    productId: integer("product_id").notNull(),
    requiredQuantity: integer("required_quantity").notNull(),
    quantity: integer("quantity").notNull(),
    price: integer("price"),
    // The supplier does not offer it (the spec's _destroy): kept, so the required list stays whole.
    removed: boolean("removed").notNull().default(false),
    // A buy order's units received so far (receipts into warehouses); never more than ordered.
    receivedQuantity: integer("received_quantity").notNull().default(0),
  },
  (t) => [
    uniqueIndex("provider_action_products_unique_idx").on(t.companyId, t.actionId, t.productId),
    // A product's page lists the pricings and buy orders that carry it.
    index("provider_action_products_product_idx").on(t.companyId, t.productId),
    tenantRef(t, t.actionId, providerActions, "cascade"),
    tenantRef(t, t.productId, products, "cascade"),
    check(
      "provider_action_products_quantity_range",
      sql`${t.requiredQuantity} BETWEEN 1 AND 100000 AND ${t.quantity} BETWEEN 0 AND 100000`,
    ),
    check("provider_action_products_price_range", sql`${t.price} IS NULL OR ${t.price} BETWEEN 0 AND 1000000000`),
    check("provider_action_products_received_range", sql`${t.receivedQuantity} BETWEEN 0 AND ${t.quantity}`),
  ],
);

/**
 * One receipt of a buy order into a warehouse (its stock movements name it: document 'ProviderReceipt'). `key` is
 * the client's per-submit key: a second submit of the same receipt finds it and receives nothing again.
 */
export const providerReceipts = pgTable(
  "provider_receipts",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    actionId: integer("action_id").notNull(),
    warehouseId: integer("warehouse_id").notNull(),
    key: uuid("key").notNull(),
    userId: integer("user_id"),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey(t),
    uniqueIndex("provider_receipts_key_idx").on(t.companyId, t.key),
    index("provider_receipts_action_idx").on(t.companyId, t.actionId),
    tenantRef(t, t.actionId, providerActions, "cascade"),
    tenantRef(t, t.warehouseId, warehouses),
    tenantRef(t, t.userId, users, "set null"),
  ],
);
